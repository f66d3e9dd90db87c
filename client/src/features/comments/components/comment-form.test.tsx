// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ProfileComment } from "@shared/types";
import { draftAnswers } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { CommentForm } from "./comment-form";

const COMMENT: ProfileComment = {
  id: 9,
  profileUserId: 12,
  authorId: 7,
  content: "First! Lovely profile.",
  html: "<p>First! Lovely profile.</p>",
  hidden: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  authorUsername: "alice",
  authorAvatar: null,
  authorRole: "member",
  canDelete: true,
  viewerFlagged: false,
};

function renderForm(comment?: StubbedAnswer) {
  const calls = stubApi({ ...draftAnswers("comment-bob"), ...(comment && { "POST /api/users/12/comments": comment }) });
  const rendered = renderWithApp(<CommentForm profileUserId={12} profileUsername="bob" viewer={{ id: 7, username: "alice", avatar: null }} />, {
    path: "/user/bob",
  });
  return { ...rendered, sent: () => calls.filter((call) => call.method === "POST") };
}

const box = () => screen.getByRole("textbox", { name: "Comment" });
/** The count or the validation message under the box, as its description. */
const message = () => descriptionOf(box());

describe("the comment form on a member's profile", () => {
  it("invites a comment for the profile's member and always counts towards 1000", async () => {
    const { user } = renderForm();
    expect(box().getAttribute("placeholder")).toBe("Leave a comment for bob...");
    expect(message()).toBe("0/1000");
    await user.type(box(), "Hi");
    expect(message()).toBe("2/1000");
  });

  it("says 'Comment cannot be empty' for a blank comment and sends nothing", async () => {
    const { user, sent } = renderForm();
    await user.type(box(), "  ");
    await user.click(screen.getByRole("button", { name: "Post Comment" }));

    await waitFor(() => expect(message()).toBe("Comment cannot be empty"));
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect(sent()).toEqual([]);
  });

  it("keeps a comment past 1000 characters as typed and refuses it with 'Comment is too long'", async () => {
    const { user, sent } = renderForm();
    await user.click(box());
    await user.paste("x".repeat(1001));
    expect(message()).toBe("1001/1000");
    await user.click(screen.getByRole("button", { name: "Post Comment" }));

    await waitFor(() => expect(message()).toBe("Comment is too long"));
    expect((box() as HTMLTextAreaElement).value).toHaveLength(1001);
    expect(sent()).toEqual([]);
  });

  it("says 'Posting...' on a disabled button while the server answers, then empties the box", async () => {
    const answer = gate();
    const { user, sent } = renderForm({ status: 201, body: COMMENT, until: answer.promise });
    await user.type(box(), "First! Lovely profile.");
    await user.click(screen.getByRole("button", { name: "Post Comment" }));

    expect(await screen.findByRole("button", { name: "Posting..." })).toHaveProperty("disabled", true);
    expect(sent().map((call) => call.body)).toEqual([{ content: "First! Lovely profile." }]);
    answer.open();
    await waitFor(() => expect(box()).toHaveProperty("value", ""));
  });

  it("shows a refusal in a 'Failed to add comment' toast, with 'Failed to create comment' when the server says nothing, and keeps the text", async () => {
    const { user } = renderForm({ status: 500 });
    await user.type(box(), "Hello");
    await user.click(screen.getByRole("button", { name: "Post Comment" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to add comment", description: "Failed to create comment" }]));
    expect(box()).toHaveProperty("value", "Hello");
  });

  it("keeps each form's message its own when two are on the page", async () => {
    stubApi({ ...draftAnswers("comment-bob"), ...draftAnswers("comment-carol") });
    const { user } = renderWithApp(
      <>
        <CommentForm profileUserId={12} profileUsername="bob" viewer={{ id: 7, username: "alice", avatar: null }} />
        <CommentForm profileUserId={13} profileUsername="carol" viewer={{ id: 7, username: "alice", avatar: null }} />
      </>,
      { path: "/user/bob" },
    );
    const [forBob, forCarol] = screen.getAllByRole("textbox", { name: "Comment" });
    await user.type(forCarol!, "Hi");
    await user.click(screen.getAllByRole("button", { name: "Post Comment" })[0]!);

    await waitFor(() => expect(descriptionOf(forBob!)).toBe("Comment cannot be empty"));
    expect(descriptionOf(forCarol!)).toBe("2/1000");
  });

  it("shows the server's own reason when it gives one", async () => {
    const { user } = renderForm({ status: 403, body: { message: "This member is not accepting comments from you" } });
    await user.type(box(), "Hello");
    await user.click(screen.getByRole("button", { name: "Post Comment" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to add comment", description: "This member is not accepting comments from you" }]));
  });
});
