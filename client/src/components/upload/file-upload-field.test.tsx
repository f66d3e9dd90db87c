// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, type ComponentProps } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileUploadField } from "./file-upload-field";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const STORED_AUDIO = "/uploads/0123456789abcdef0123456789abcdef.mp3";
const STORED_VIDEO = "/uploads/fedcba9876543210fedcba9876543210.mp4";

describe("an upload field holding a file (docs/product.md \"Bio cards\")", () => {
  let root: Root;
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const show = (props: Partial<ComponentProps<typeof FileUploadField>> & Pick<ComponentProps<typeof FileUploadField>, "kind" | "value">) =>
    act(() =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <FileUploadField label="Track audio" onChange={() => {}} {...props} />
        </QueryClientProvider>,
      ),
    );
  /** The file's line in the field: what the member reads the file by. */
  const shownName = () => container.querySelector("span.truncate")?.textContent;

  it("names a sound by the name it had on the member's device, never by its stored (random) name", () => {
    show({ kind: "trackAudio", value: STORED_AUDIO, fileName: "Engine Hum (demo).mp3" });
    expect(shownName()).toBe("Engine Hum (demo).mp3");
    expect(container.textContent).not.toContain("0123456789abcdef");
  });

  it("falls back to what the file is when no name was kept (files stored before names were)", () => {
    show({ kind: "trackAudio", value: STORED_AUDIO });
    expect(shownName()).toBe("Audio file");
    show({ kind: "background", value: STORED_VIDEO });
    expect(shownName()).toBe("Video file");
    expect(container.textContent).not.toContain("fedcba9876543210");
  });
});
