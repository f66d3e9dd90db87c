// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { REMIND_AT_INVALID, REMIND_AT_PAST } from "@shared/schemas/bookmarks";
import type { Bookmark } from "@shared/types";
import { post } from "@/test/fixtures";
import { renderWithApp, toastMessages } from "@/test/render";
import { gate, stubApi } from "@/test/stub-api";
import { toLocalInputValue } from "../utils/reminder-presets";
import { BookmarkList } from "./bookmark-list";
import { ReminderForm } from "./reminder-form";

// A Wednesday, 14:30 on the member's clock.
const NOW = new Date(2026, 11, 2, 14, 30);
const now = () => NOW;

function renderForm(props: { remindAt?: string | null; pending?: boolean } = {}) {
  const onSubmit = vi.fn();
  const rendered = renderWithApp(<ReminderForm remindAt={props.remindAt ?? null} pending={props.pending} onSubmit={onSubmit} now={now} />);
  return { ...rendered, onSubmit, input: screen.getByLabelText("Date and time") };
}

describe("the reminder form", () => {
  it("offers in 1 hour, tomorrow at 9:00 and next Monday at 9:00, each set with one click", async () => {
    const { user, onSubmit } = renderForm();
    const presets = within(screen.getByRole("group", { name: "Remind me" }));
    await user.click(presets.getByRole("button", { name: "In 1 hour" }));
    await user.click(presets.getByRole("button", { name: "Tomorrow" }));
    await user.click(presets.getByRole("button", { name: "Next week" }));
    expect(onSubmit.mock.calls.map(([at]) => at)).toEqual([
      new Date(2026, 11, 2, 15, 30).toISOString(),
      new Date(2026, 11, 3, 9, 0).toISOString(),
      new Date(2026, 11, 7, 9, 0).toISOString(),
    ]);
    // Nothing set: nothing to clear.
    expect(screen.queryByRole("button", { name: "Clear reminder" })).toBeNull();
  });

  it("sets a date and time of the member's choosing in the future", async () => {
    const { user, onSubmit, input } = renderForm();
    expect(input.getAttribute("min")).toBe(toLocalInputValue(NOW));
    // Next year (the API's rule reads the real clock: in the future, at most ten years ahead).
    const year = new Date().getFullYear() + 1;
    fireEvent.change(input, { target: { value: `${year}-05-01T08:15` } });
    await user.click(screen.getByRole("button", { name: "Set reminder" }));
    expect(onSubmit).toHaveBeenCalledWith(new Date(year, 4, 1, 8, 15).toISOString());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the reminder must be in the future for a past time, and that a date is needed for none, sending nothing", async () => {
    const { user, onSubmit, input } = renderForm();
    await user.click(screen.getByRole("button", { name: "Set reminder" }));
    expect(screen.getByRole("alert").textContent).toBe(REMIND_AT_INVALID);
    fireEvent.change(input, { target: { value: "2001-01-01T10:00" } });
    // Typing again takes the old message away.
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Set reminder" }));
    expect(screen.getByRole("alert").textContent).toBe(REMIND_AT_PAST);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a reminder that is set, and clears it", async () => {
    const at = new Date(2026, 11, 3, 9, 0).toISOString();
    const { user, onSubmit } = renderForm({ remindAt: at });
    expect(screen.getByText(/Reminder set for/).querySelector("time")!.getAttribute("dateTime")).toBe(at);
    await user.click(screen.getByRole("button", { name: "Clear reminder" }));
    expect(onSubmit).toHaveBeenCalledWith(null);
  });

  it("waits while a change is on its way: every button disabled", () => {
    renderForm({ remindAt: new Date(2026, 11, 3, 9, 0).toISOString(), pending: true });
    for (const name of ["In 1 hour", "Tomorrow", "Next week", "Set reminder", "Clear reminder"]) {
      expect(screen.getByRole("button", { name }).hasAttribute("disabled"), name).toBe(true);
    }
  });
});

const bookmark = (changes: Partial<Bookmark> = {}): Bookmark => ({
  id: 7,
  post: post({ id: 101, topicId: 31, bookmarked: true, html: "<p>Keep <strong>this</strong></p>" }),
  topic: { id: 31, title: "Worth keeping" },
  remindAt: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  ...changes,
});

describe("the bookmarks list", () => {
  it("shows each post's topic and text, sets a reminder through the API and closes the dialog once saved", async () => {
    const saved = gate();
    const remindAt = new Date(Date.now() + 3_600_000).toISOString();
    const calls = stubApi({
      "PUT /api/bookmarks/posts/101": { body: { bookmark: bookmark({ remindAt }) }, until: saved.promise },
      "GET /api/bookmarks": { body: { bookmarks: [bookmark({ remindAt })], nextCursor: null } },
    });
    const { user } = renderWithApp(<BookmarkList bookmarks={[bookmark()]} />);
    expect(screen.getByRole("link", { name: "Worth keeping" }).getAttribute("href")).toBe("/topic/31?post=101");
    expect(screen.getByText("Keep this")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Reminder for the post in Worth keeping" }));
    const dialog = await screen.findByRole("dialog", { name: "Remind me" });
    await user.click(within(dialog).getByRole("button", { name: "In 1 hour" }));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Tomorrow" }).hasAttribute("disabled")).toBe(true));
    saved.open();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = calls.find((call) => call.method === "PUT")!;
    expect(Date.parse((put.body as { remindAt: string }).remindAt)).toBeGreaterThan(Date.now());
  });

  it("removes a bookmark, and says so when the server refuses", async () => {
    stubApi({ "DELETE /api/bookmarks/posts/101": { status: 500, body: { message: "Something broke" } } });
    const { user } = renderWithApp(<BookmarkList bookmarks={[bookmark()]} />);
    await user.click(screen.getByRole("button", { name: "Remove bookmark of the post in Worth keeping" }));
    await waitFor(() => expect(toastMessages()).toContainEqual({ title: "Failed to update bookmark", description: "Something broke" }));
  });
});
