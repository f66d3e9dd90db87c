// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Topic } from "@shared/types";
import { topic } from "@/test/fixtures";
import { stubApi } from "@/test/stub-api";
import { renderWithApp } from "@/test/render";
import { useQuoteTarget } from "../utils/quote-target";
import { TopicOpener } from "./topic-opener";

const OPENER = topic({
  description: "Read **the** rules.\n\n| a | b |\n|---|---|\n| 1 | 2 |",
  descriptionHtml: "<p>Read <strong>the</strong> rules.</p>\n<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>",
  descriptionText: "Read the rules.\n a b\n 1 2",
});

/** The reply box's stand-in: where quotes go. */
function QuoteBox({ onQuote }: { onQuote: (markdown: string) => void }) {
  useQuoteTarget(onQuote);
  return null;
}

function renderOpener(shown: Topic = OPENER, viewerId = 8, onQuote = vi.fn()) {
  const rendered = renderWithApp(
    <>
      <QuoteBox onQuote={onQuote} />
      <TopicOpener topic={shown} viewer={{ id: viewerId }} />
    </>,
    { path: "/topic/31" },
  );
  return { ...rendered, opener: screen.getByRole("region", { name: "Opening post" }), onQuote };
}

describe("a topic's opener, shown as a post", () => {
  it("shows the server's HTML, never the Markdown source", () => {
    const { opener } = renderOpener();
    expect(within(opener).getByText("the").tagName).toBe("STRONG");
    expect(within(opener).getByRole("table")).toBeTruthy();
    expect(opener.textContent).not.toContain("**");
    expect(opener.textContent).not.toContain("|---|");
  });

  it("quotes its whole text into the reply box, linked to the topic", async () => {
    const { user, opener, onQuote } = renderOpener();
    await user.click(within(opener).getByRole("button", { name: "Quote post" }));
    expect(onQuote).toHaveBeenCalledWith(`> **@alice** [wrote](/topic/31):\n>\n> Read **the** rules.\n>\n> | a | b |\n> |---|---|\n> | 1 | 2 |`);
  });

  it("gives a reaction to the opener through the topic's reactions route", async () => {
    const calls = stubApi({ "PUT /api/topics/31/reactions/like": { body: { reactions: [{ reaction: "like", count: 1, reacted: true }] } } });
    const { user, opener } = renderOpener();
    await user.click(within(opener).getByRole("button", { name: "Add reaction" }));
    await user.click(within(opener).getByRole("button", { name: "Like" }));
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["PUT /api/topics/31/reactions/like"]));
  });

  it("offers Flag on another's opener only, and no reacting on one's own", () => {
    const { opener } = renderOpener(OPENER, 8);
    expect(within(opener).getByRole("button", { name: "Flag topic" })).toBeTruthy();
    document.body.innerHTML = "";
    const own = renderOpener({ ...OPENER, canReact: false }, 7).opener;
    expect(within(own).queryByRole("button", { name: "Flag topic" })).toBeNull();
    expect(within(own).queryByRole("button", { name: "Add reaction" })).toBeNull();
  });

  it("opens the edit history from its 'edited' mark", async () => {
    const calls = stubApi({
      "GET /api/topics/31/revisions": {
        body: { revisions: [{ version: 2, content: "New", html: "<p>New words</p>", editedAt: "2026-01-02T00:00:00.000Z" }, { version: 1, content: "Old", html: "<p>Old words</p>", editedAt: "2026-01-01T00:00:00.000Z" }] },
      },
    });
    const { user, opener } = renderOpener({ ...OPENER, descriptionEdited: true });
    await user.click(within(opener).getByRole("button", { name: "edited" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit history" });
    expect(await within(dialog).findByText("Old words")).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(["/api/topics/31/revisions"]);
  });

  it("shows the hidden notice in place of a hidden opener, with nothing to quote", () => {
    const { opener } = renderOpener({ ...OPENER, description: null, descriptionHtml: null, descriptionText: null, descriptionHidden: true });
    expect(within(opener).getByText("This post was hidden after flags from the community")).toBeTruthy();
    expect(within(opener).queryByRole("button", { name: "Quote post" })).toBeNull();
  });
});
