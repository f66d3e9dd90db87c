// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { WatchedWord } from "@shared/types";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { WatchedWordForm } from "./watched-word-form";
import { WatchedWordList } from "./watched-word-list";

const SPAM: WatchedWord = { id: 3, word: "spam*", action: "block", createdBy: "founder", createdAt: "2026-12-03T07:00:00.000Z" };
const DARN: WatchedWord = { id: 4, word: "darn", action: "censor", createdBy: null, createdAt: "2026-12-03T07:05:00.000Z" };

describe("the watched word form (admin)", () => {
  it("says 'Word required' under a blank word and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<WatchedWordForm />, { path: "/admin/watched-words" });
    await user.type(screen.getByLabelText("Word or phrase"), "   ");
    await user.click(screen.getByRole("button", { name: "Add word" }));

    await waitFor(() => expect(descriptionOf(screen.getByLabelText("Word or phrase"))).toBe("Word required"));
    expect(calls).toEqual([]);
  });

  it("says a word of only * is not one, and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<WatchedWordForm />, { path: "/admin/watched-words" });
    await user.type(screen.getByLabelText("Word or phrase"), "**");
    await user.click(screen.getByRole("button", { name: "Add word" }));

    await waitFor(() => expect(descriptionOf(screen.getByLabelText("Word or phrase"))).toBe("A word needs something besides * and spaces"));
    expect(calls).toEqual([]);
  });

  it("explains the chosen action under it", async () => {
    stubApi({});
    const { user } = renderWithApp(<WatchedWordForm />, { path: "/admin/watched-words" });
    const action = screen.getByLabelText("Action");
    expect(descriptionOf(action)).toBe("The text is refused with the word named.");
    await user.selectOptions(action, "censor");
    expect(descriptionOf(action)).toBe("Readers see ■■■ instead of the word; its author and staff keep the source.");
  });

  it("says 'Adding...' on a disabled button, sends the trimmed word and action, then clears the word with 'Word added'", async () => {
    const answer = gate();
    const calls = stubApi({ "POST /api/admin/watched-words": { status: 201, body: { ...SPAM, action: "flag" }, until: answer.promise } });
    const { user } = renderWithApp(<WatchedWordForm />, { path: "/admin/watched-words" });
    await user.type(screen.getByLabelText("Word or phrase"), "  spam*  ");
    await user.selectOptions(screen.getByLabelText("Action"), "flag");
    await user.click(screen.getByRole("button", { name: "Add word" }));

    expect(await screen.findByRole("button", { name: "Adding..." })).toHaveProperty("disabled", true);
    expect(calls.map((call) => call.body)).toEqual([{ word: "spam*", action: "flag" }]);
    answer.open();

    await waitFor(() => expect(screen.getByLabelText("Word or phrase")).toHaveProperty("value", ""));
    expect(screen.getByLabelText("Action")).toHaveProperty("value", "flag");
    expect(toastMessages()).toEqual([{ title: "Word added", description: "spam*" }]);
  });

  it("shows the server's refusal of a word already watched under the field, keeping it", async () => {
    stubApi({ "POST /api/admin/watched-words": { status: 409, body: { message: "That word is already watched" } } });
    const { user } = renderWithApp(<WatchedWordForm />, { path: "/admin/watched-words" });
    await user.type(screen.getByLabelText("Word or phrase"), "Spám*");
    await user.click(screen.getByRole("button", { name: "Add word" }));

    await waitFor(() => expect(descriptionOf(screen.getByLabelText("Word or phrase"))).toBe("That word is already watched"));
    expect(screen.getByLabelText("Word or phrase")).toHaveProperty("value", "Spám*");
  });
});

describe("the watched words list (admin)", () => {
  it("says there are none yet", async () => {
    stubApi({ "GET /api/admin/watched-words": { body: { words: [] } } });
    renderWithApp(<WatchedWordList />, { path: "/admin/watched-words" });
    expect(await screen.findByText("No watched words")).toBeTruthy();
  });

  it("lists each word with its action and who added it, and removes one after asking", async () => {
    let words = [DARN, SPAM];
    const calls = stubApi({
      "GET /api/admin/watched-words": () => ({ body: { words } }),
      "DELETE /api/admin/watched-words/3": () => {
        words = [DARN];
        return { status: 204 };
      },
    });
    const { user } = renderWithApp(<WatchedWordList />, { path: "/admin/watched-words" });
    const list = await screen.findByRole("list", { name: "Watched words" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringMatching(/^darnCensorAdded by a former admin/), expect.stringMatching(/^spam\*BlockAdded by founder/)]);

    await user.click(within(list).getByRole("button", { name: "Remove spam*" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove “spam*”?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Watched words" })).getAllByRole("listitem")).toHaveLength(1));
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    expect(toastMessages()).toEqual([{ title: "Word removed", description: "spam*" }]);
  });
});
