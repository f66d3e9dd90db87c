// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp } from "@/test/render";
import { ResetPasswordScreen } from "./reset-password";

const LINK = "/reset-password?token=mailed-token-123";
const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function choose(user: ReturnType<typeof renderWithApp>["user"], password: string, confirmation: string) {
  await user.type(field("New Password"), password);
  await user.type(field("Confirm New Password"), confirmation);
  await user.click(screen.getByRole("button", { name: "Set new password" }));
}

describe("the reset-password screen (the mailed link)", () => {
  it("opened without a token says the link is invalid and offers another, with no form", async () => {
    const calls = stubApi({});
    renderWithApp(<ResetPasswordScreen />, { path: "/reset-password" });
    expect(await screen.findByText("This link is invalid or has expired.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for another" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByRole("button", { name: "Set new password" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("says \"Passwords don't match\" under the confirmation and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ResetPasswordScreen />, { path: LINK });
    await choose(user, "Renewed-Pass2", "Renewed-Pass3");

    await waitFor(() => expect(descriptionOf(field("Confirm New Password"))).toBe("Passwords don't match"));
    expect(calls).toEqual([]);
  });

  it("says a too short password's rule under it, in place of the hint", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ResetPasswordScreen />, { path: LINK });
    expect(descriptionOf(field("New Password"))).toBe("At least 8 characters, with an uppercase letter, a lowercase letter and a number");
    await choose(user, "Short1", "Short1");

    await waitFor(() => expect(descriptionOf(field("New Password"))).toBe("Password must be at least 8 characters"));
    expect(calls).toEqual([]);
  });

  it("sends the link's token with the password, says 'Saving...' meanwhile, then 'Password changed' with Sign in", async () => {
    const answer = gate();
    const calls = stubApi({ "POST /api/auth/reset-password": { status: 204, until: answer.promise } });
    const { user } = renderWithApp(<ResetPasswordScreen />, { path: LINK });
    await choose(user, "Renewed-Pass2", "Renewed-Pass2");

    expect(await screen.findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    expect(calls).toEqual([{ method: "POST", path: "/api/auth/reset-password", body: { token: "mailed-token-123", password: "Renewed-Pass2" } }]);
    answer.open();

    expect(await screen.findByRole("heading", { name: "Password changed" })).toBeTruthy();
    expect(screen.getByText("Your new password is set, and every device that was signed in has been signed out.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
  });

  it("says a used or expired link's refusal above the form and offers another link", async () => {
    stubApi({ "POST /api/auth/reset-password": { status: 400, body: { message: "This link is invalid or has expired" } } });
    const { user } = renderWithApp(<ResetPasswordScreen />, { path: LINK });
    await choose(user, "Renewed-Pass2", "Renewed-Pass2");

    expect((await screen.findByRole("alert")).textContent).toBe("This link is invalid or has expired");
    expect(screen.queryByRole("heading", { name: "Password changed" })).toBeNull();
    expect(screen.getByRole("link", { name: "Ask for another" }).getAttribute("href")).toBe("/forgot-password");
  });
});
