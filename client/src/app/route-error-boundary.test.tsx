// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./route-error-boundary";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let broken = true;
function FlakyScreen() {
  if (broken) throw new Error("render failed");
  return <h1>Forum</h1>;
}

function button(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>("button, a")].find((element) => element.textContent?.trim() === name);
  if (!found) throw new Error(`no button or link '${name}'`);
  return found;
}

describe("RouteErrorBoundary", () => {
  let root: Root;
  let container: HTMLElement;

  beforeEach(() => {
    broken = true;
    // React reports the caught error on the console; the test expects it.
    vi.spyOn(console, "error").mockImplementation(() => {});
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.restoreAllMocks();
  });

  it("shows a recoverable error screen instead of an empty page, and Try Again renders the screen again", () => {
    act(() =>
      root.render(
        <RouteErrorBoundary>
          <FlakyScreen />
        </RouteErrorBoundary>,
      ),
    );
    expect(container.querySelector("h1")?.textContent).toBe("Something went wrong");
    expect(button("Back to Home").getAttribute("href")).toBe("/");
    expect(document.title).toBe("Something went wrong | Enclave");

    broken = false;
    act(() => button("Try Again").click());
    expect(container.querySelector("h1")?.textContent).toBe("Forum");
  });

  it("leaves a screen that renders alone", () => {
    broken = false;
    act(() =>
      root.render(
        <RouteErrorBoundary>
          <FlakyScreen />
        </RouteErrorBoundary>,
      ),
    );
    expect(container.textContent).toBe("Forum");
  });
});
