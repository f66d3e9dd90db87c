// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useState } from "react";
import { MentionTextarea } from "@/components/mention-textarea";
import { renderWithApp } from "@/test/render";
import { ComposerToolbar } from "./composer-toolbar";

/** Types `text` into the box as a member does: the value, the caret at its end, an input event. */
function type(box: HTMLTextAreaElement, text: string) {
  fireEvent.input(box, { target: { value: text } });
  box.setSelectionRange(text.length, text.length);
  fireEvent.keyUp(box, { key: text.at(-1) });
}

function Box() {
  const [value, setValue] = useState("");
  return <MentionTextarea aria-label="Reply" value={value} onChange={(event) => setValue(event.target.value)} />;
}

/** docs/product.md "Rich content": shortcode suggestions after `:` and two letters, and the picker. */
describe("emoji in the composer", () => {
  it("suggests shortcodes after ':' and two letters, not after one, and completes the chosen one with Enter", async () => {
    renderWithApp(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Reply" });
    type(box, "Well done :t");
    expect(screen.queryByRole("listbox", { name: "Emoji" })).toBeNull();
    type(box, "Well done :ta");
    const list = await screen.findByRole("listbox", { name: "Emoji" });
    expect(list.textContent).toContain(":tada:");
    expect(box.getAttribute("aria-activedescendant")).toBeTruthy();
    const options = screen.getAllByRole("option");
    const tada = options.findIndex((option) => option.textContent === "🎉:tada:");
    expect(tada).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < tada; i++) fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Well done :tada: ");
    expect(screen.queryByRole("listbox", { name: "Emoji" })).toBeNull();
  });

  it("suggests nothing inside a time (12:30) and closes on Escape", async () => {
    renderWithApp(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Reply" });
    type(box, "at 12:30");
    type(box, "see :+1");
    expect(await screen.findByRole("listbox", { name: "Emoji" })).toBeTruthy();
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("listbox", { name: "Emoji" })).toBeNull();
  });

  it("has an emoji picker, loaded when opened, whose search finds an emoji that is inserted as its shortcode", async () => {
    const inserted: string[] = [];
    renderWithApp(<ComposerToolbar onAction={() => {}} onImage={() => {}} imageBusy={false} onInsert={(text) => inserted.push(text)} />);
    fireEvent.click(screen.getByRole("button", { name: "Emoji" }));
    const picker = await screen.findByRole("dialog", { name: "Emoji" });
    await waitFor(() => expect(picker.querySelectorAll("button").length).toBeGreaterThan(1000));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search emoji" }), { target: { value: "thumbsup" } });
    fireEvent.click(await screen.findByRole("button", { name: ":+1:" }));
    expect(inserted).toEqual([":+1:"]);
    expect(screen.queryByRole("dialog", { name: "Emoji" })).toBeNull();
  });
});
