// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Message } from "@shared/types";
import { draftAnswers } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { MessageForm } from "./message-form";

const SENT: Message = {
  id: 77,
  author: { id: 7, username: "alice", avatar: null, role: "member" },
  content: "See you at eight",
  html: "<p>See you at eight</p>",
  createdAt: "2025-01-01T00:00:00.000Z",
  deleted: false,
  viewerFlagged: false,
};

function renderForm(send?: StubbedAnswer) {
  const calls = stubApi({ ...draftAnswers("conversation-5"), ...(send && { "POST /api/conversations/5/messages": send }) });
  const rendered = renderWithApp(<MessageForm conversationId={5} />, { path: "/messages/5" });
  return { ...rendered, sent: () => calls.filter((call) => call.method === "POST") };
}

const box = () => screen.getByRole("textbox", { name: "Message" });
const send = () => screen.getByRole("button", { name: "Send" });

describe("the message box of a conversation", () => {
  it("says 'Message cannot be empty' under a blank message and sends nothing", async () => {
    const { user, sent } = renderForm();
    await user.type(box(), "  ");
    await user.click(send());

    expect((await screen.findByRole("alert")).textContent).toBe("Message cannot be empty");
    expect(descriptionOf(box())).toBe("Message cannot be empty");
    expect(sent()).toEqual([]);
  });

  it("turns Send off while the message is on its way, then empties the box", async () => {
    const answer = gate();
    const { user, sent } = renderForm({ status: 201, body: SENT, until: answer.promise });
    await user.type(box(), "See you at eight");
    await user.click(send());

    await waitFor(() => expect(send()).toHaveProperty("disabled", true));
    expect(sent().map((call) => call.body)).toEqual([{ content: "See you at eight" }]);
    answer.open();
    await waitFor(() => expect(box()).toHaveProperty("value", ""));
    expect(send()).toHaveProperty("disabled", false);
  });

  it("says a refusal (too fast) under the box, not in a toast, and keeps the text", async () => {
    const { user } = renderForm({ status: 429, body: { message: "You are sending messages too fast, please wait a moment" } });
    await user.type(box(), "One more");
    await user.click(send());

    expect((await screen.findByRole("alert")).textContent).toBe("You are sending messages too fast, please wait a moment");
    expect(box()).toHaveProperty("value", "One more");
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect(toastMessages()).toEqual([]);
  });

  it("sends with Ctrl+Enter", async () => {
    const { user, sent } = renderForm({ status: 201, body: SENT });
    await user.type(box(), "See you at eight");
    await user.keyboard("{Control>}{Enter}{/Control}");

    await waitFor(() => expect(sent().map((call) => call.body)).toEqual([{ content: "See you at eight" }]));
  });
});
