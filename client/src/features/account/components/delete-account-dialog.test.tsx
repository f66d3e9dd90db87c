// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { validationAnswer } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { YourDataCard } from "./your-data-card";

const DELETED = { message: "Account deleted", content: "anonymize", deletedData: { posts: 0, topics: 0, comments: 0, messages: 0 } };

async function openDialog(answer?: StubbedAnswer) {
  const calls = stubApi(answer ? { "DELETE /api/auth/account": answer } : {});
  const rendered = renderWithApp(<YourDataCard />, { path: "/dashboard" });
  await rendered.user.click(screen.getByRole("button", { name: "Delete account" }));
  const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
  return { ...rendered, dialog, password: within(dialog).getByLabelText("Password"), sent: () => calls };
}

describe("deleting one's own account (Your data)", () => {
  it("says what goes, and 'Enter your password' under a blank password, sending nothing", async () => {
    const { user, dialog, password, sent } = await openDialog();
    expect(dialog.textContent).toContain(
      "Your account, profile (with the comments on it), card, links, uploads, sessions, tokens, drafts, reactions, flags and blocks go in any case. You are signed out everywhere. This cannot be undone.",
    );
    expect(dialog.textContent).toContain("What other members wrote stays: their replies, comments and messages, and their post counts.");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));

    await waitFor(() => expect(descriptionOf(password)).toBe("Enter your password"));
    expect(sent()).toEqual([]);
  });

  it("says a wrong password under the field and stays open", async () => {
    const { user, dialog, password } = await openDialog(validationAnswer({ password: "Password is incorrect" }));
    await user.type(password, "Not-the-password1");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));

    await waitFor(() => expect(descriptionOf(password)).toBe("Password is incorrect"));
    expect(dialog.isConnected).toBe(true);
  });

  it("says the only administrator's refusal under the field", async () => {
    const refusal = "You are the only administrator: make another member an administrator before deleting your account";
    const { user, dialog, password } = await openDialog({ status: 409, body: { message: refusal } });
    await user.type(password, "Right-pass1");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));

    await waitFor(() => expect(descriptionOf(password)).toBe(refusal));
  });

  it("says 'Deleting...' with both buttons off while the server answers, then 'Account deleted' and the home page", async () => {
    const answer = gate();
    const { user, dialog, password, sent, location } = await openDialog({ body: DELETED, until: answer.promise });
    await user.type(password, "Right-pass1");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));

    expect(await within(dialog).findByRole("button", { name: "Deleting..." })).toHaveProperty("disabled", true);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(sent().map((call) => call.body)).toEqual([{ password: "Right-pass1", content: "anonymize" }]);
    answer.open();

    await waitFor(() => expect(location()).toBe("/"));
    expect(toastMessages()).toEqual([{ title: "Account deleted", description: "Your account is gone" }]);
  });

  it("offers keeping what they wrote as Deleted member (chosen at first) or erasing it, each saying what stays and what goes", async () => {
    const { user, dialog, password, sent } = await openDialog({ body: { ...DELETED, content: "erase" } });
    const keep = within(dialog).getByRole("radio", { name: /Keep, credited to Deleted member/ });
    const erase = within(dialog).getByRole("radio", { name: /Erase/ });
    expect(within(dialog).getAllByRole("radio")).toHaveLength(2);
    expect(keep).toHaveProperty("checked", true);
    expect(keep.closest("label")!.textContent).toContain("Your topics, posts, comments and messages stay, credited to Deleted member.");
    expect(erase.closest("label")!.textContent).toContain(
      "Your posts, comments and messages are removed. A topic of yours that others replied to stays with its title, its opening text replaced by [deleted], and every reply kept; your other topics go.",
    );
    expect(dialog.textContent).not.toContain("Purge");

    await user.click(erase);
    expect(erase).toHaveProperty("checked", true);
    await user.type(password, "Right-pass1");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(sent().map((call) => call.body)).toEqual([{ password: "Right-pass1", content: "erase" }]));
  });
});
