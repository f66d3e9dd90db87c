// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DRAFT_SAVE_DELAY_MS } from "@shared/constants";
import { currentUserQueryKey } from "@/lib/query-keys";
import { currentUser, draftAnswers, post } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { PostQuoteButton } from "./post-quote-button";
import { ReplyForm } from "./reply-form";
// Loaded up front: the lazy form then draws without waiting for a transform.
import "./post-content-form";

const box = () => screen.findByRole("textbox", { name: "Reply" });
const postReply = () => screen.getByRole("button", { name: "Post Reply" });

function renderReply(reply?: StubbedAnswer | (() => StubbedAnswer), { silenced = false } = {}) {
  const calls = stubApi({ ...draftAnswers("topic-31"), ...(reply && { "POST /api/topics/31/posts": reply }) });
  const user = silenced ? currentUser({ isSilenced: true, silencedUntil: "2999-01-01T00:00:00.000Z", silenceReason: "Cool off" }) : currentUser();
  const rendered = renderWithApp(<ReplyForm topicId={31} />, { path: "/topic/31", seed: [[currentUserQueryKey, user]] });
  return { ...rendered, calls, replies: () => calls.filter((call) => call.method === "POST"), draftSaves: () => calls.filter((call) => call.method === "PUT") };
}

describe("the reply box at the end of a topic", () => {
  it("offers Quote only once the box has loaded, and puts the quote into it", async () => {
    const calls = stubApi(draftAnswers("topic-31"));
    const { user } = renderWithApp(
      <>
        <ReplyForm topicId={31} />
        <PostQuoteButton post={{ id: 7, topicId: 31, authorUsername: "alice", content: "Well said" }} />
      </>,
      { path: "/topic/31", seed: [[currentUserQueryKey, currentUser()]] },
    );
    // Drawn first as its placeholder, while its code loads: a quote would have nowhere to go.
    expect(screen.queryByRole("button", { name: "Quote post" })).toBeNull();
    await box();
    await user.click(await screen.findByRole("button", { name: "Quote post" }));
    expect(((await box()) as HTMLTextAreaElement).value).toBe("> **@alice** [wrote](/topic/31?post=7):\n>\n> Well said\n\n");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("says 'Content required' under a blank reply and sends nothing", async () => {
    const { user, replies } = renderReply();
    await user.type(await box(), "   ");
    await user.click(postReply());

    await waitFor(async () => expect(descriptionOf(await box())).toBe("Content required"));
    expect((await box()).getAttribute("aria-invalid")).toBe("true");
    expect(replies()).toEqual([]);
  });

  it("keeps a reply past 10,000 characters as typed, counts it and refuses it with 'Content too long'", async () => {
    const { user, replies } = renderReply();
    await user.click(await box());
    await user.paste("x".repeat(10_001));
    expect(screen.getByText("10001/10000")).toBeTruthy();
    await user.click(postReply());

    await waitFor(async () => expect(descriptionOf(await box())).toBe("Content too long"));
    expect(((await box()) as HTMLTextAreaElement).value).toHaveLength(10_001);
    expect(replies()).toEqual([]);
  });

  it("shows a refused word under the box and keeps every word typed (docs/product.md \"Watched words\")", async () => {
    const message = "Your post contains a word that is not allowed: Spamword";
    const { user, replies } = renderReply({ status: 400, body: { message } });
    await user.type(await box(), "Buy Spamword today");
    await user.click(postReply());

    await waitFor(async () => expect(descriptionOf(await box())).toBe(message));
    expect(await box()).toHaveProperty("value", "Buy Spamword today");
    expect(replies()).toHaveLength(1);
    expect(toastMessages()).toEqual([{ title: "Failed to create post", description: message }]);
  });

  it("says 'Posting...' on a disabled button while the server answers, then empties the box", async () => {
    const answer = gate();
    const { user, replies } = renderReply({ status: 201, body: post({ content: "Hello everyone!" }), until: answer.promise });
    await user.type(await box(), "  Hello everyone! ");
    await user.click(postReply());

    expect(await screen.findByRole("button", { name: "Posting..." })).toHaveProperty("disabled", true);
    expect(replies().map((call) => call.body)).toEqual([{ content: "Hello everyone!" }]);
    answer.open();
    await waitFor(async () => expect(await box()).toHaveProperty("value", ""));
    expect(postReply()).toHaveProperty("disabled", false);
  });

  it("leaves no 'Draft saved' under the box once the reply is posted, and saves no draft after it", async () => {
    const { user, draftSaves } = renderReply({ status: 201, body: post({ content: "Saved, then posted." }) });
    await user.type(await box(), "Saved, then posted.");
    expect(await screen.findByText("Draft saved", {}, { timeout: DRAFT_SAVE_DELAY_MS + 2_000 })).toBeTruthy();
    expect(draftSaves().map((call) => call.body)).toEqual([{ content: "Saved, then posted." }]);
    await user.click(postReply());

    await waitFor(async () => expect(await box()).toHaveProperty("value", ""));
    expect(document.querySelector("[data-draft-status]")).toBeNull();
    // Still nothing once the save delay has passed: the posted draft is not written back.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 500));
    expect(document.querySelector("[data-draft-status]")).toBeNull();
    expect(draftSaves()).toHaveLength(1);
  });

  it("shows a refusal (the topic locked meanwhile) in a 'Failed to create post' toast and keeps the text", async () => {
    const { user } = renderReply({ status: 403, body: { message: "Topic is locked" } });
    await user.type(await box(), "Too late?");
    await user.click(postReply());

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to create post", description: "Topic is locked" }]));
    expect(await box()).toHaveProperty("value", "Too late?");
  });

  it("is disabled for a silenced member, saying until when and why", async () => {
    renderReply(undefined, { silenced: true });
    // Disabled by the composer's fieldset, as the browser takes it.
    expect((await box()).closest("fieldset")).toHaveProperty("disabled", true);
    expect(postReply()).toHaveProperty("disabled", true);
    expect(screen.getByRole("note").textContent).toMatch(/^You are silenced until .+, so you cannot write here\.Reason: Cool off$/);
  });
});
