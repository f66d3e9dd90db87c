// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NOT_ACCEPTING_MESSAGES } from "@shared/constants";
import { stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { NewConversationDialog } from "./new-conversation-dialog";

function renderDialog(answer: StubbedAnswer) {
  const calls = stubApi({ "POST /api/conversations": answer });
  const rendered = renderWithApp(
    <NewConversationDialog open onOpenChange={() => {}} viewerId={7} initialMembers={[{ id: 12, username: "bob", avatar: null }]} />,
    { path: "/messages" },
  );
  return { ...rendered, sent: () => calls.filter((call) => call.method === "POST") };
}

const dialog = () => screen.getByRole("dialog", { name: "New message" });
const recipient = () => within(dialog()).getByRole("combobox", { name: "Add a member" });
const firstMessage = () => within(dialog()).getByRole("textbox", { name: "First message" });

describe("the new message dialog", () => {
  it("says a chosen member's refusal under the recipients, in the server's words, keeps the message, and drops it with that member", async () => {
    const { user, sent } = renderDialog({ status: 403, body: { message: NOT_ACCEPTING_MESSAGES } });
    await user.type(firstMessage(), "Hello Bob");
    await user.click(within(dialog()).getByRole("button", { name: "Send" }));

    await waitFor(() => expect(descriptionOf(recipient())).toBe("This member is not accepting messages from you"));
    expect(recipient().getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog()).getAllByRole("alert").map((alert) => alert.textContent)).toEqual(["This member is not accepting messages from you"]);
    expect(toastMessages()).toEqual([]);
    expect(firstMessage()).toHaveProperty("value", "Hello Bob");
    expect(sent().map((call) => call.body)).toEqual([{ usernames: ["bob"], content: "Hello Bob" }]);

    await user.click(within(dialog()).getByRole("button", { name: "Remove bob" }));
    expect(within(dialog()).queryByRole("alert")).toBeNull();
    expect(recipient().getAttribute("aria-invalid")).toBeNull();
  });

  it("says a name of no member under the recipients too", async () => {
    const { user } = renderDialog({ status: 404, body: { message: "User not found: bob" } });
    await user.type(firstMessage(), "Hello Bob");
    await user.click(within(dialog()).getByRole("button", { name: "Send" }));

    await waitFor(() => expect(descriptionOf(recipient())).toBe("User not found: bob"));
  });

  it("says a refusal that is not about the recipients below the form, not under them", async () => {
    const { user } = renderDialog({ status: 429, body: { message: "You are starting conversations too fast, please wait a while" } });
    await user.type(firstMessage(), "Hello Bob");
    await user.click(within(dialog()).getByRole("button", { name: "Send" }));

    expect((await within(dialog()).findByRole("alert")).textContent).toBe("You are starting conversations too fast, please wait a while");
    expect(descriptionOf(recipient())).toBe("");
    expect(recipient().getAttribute("aria-invalid")).toBeNull();
  });

  it("says 'Choose at least one member' under the recipients when there is none, and sends nothing", async () => {
    const { user, sent } = renderDialog({ status: 201 });
    await user.click(within(dialog()).getByRole("button", { name: "Remove bob" }));
    await user.type(firstMessage(), "Hello");
    await user.click(within(dialog()).getByRole("button", { name: "Send" }));

    await waitFor(() => expect(descriptionOf(recipient())).toBe("Choose at least one member"));
    expect(sent()).toEqual([]);
  });
});
