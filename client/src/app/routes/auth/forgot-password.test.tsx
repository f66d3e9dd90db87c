// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { ForgotPasswordScreen } from "./forgot-password";

const login = () => screen.getByLabelText("Username or email");

describe("the forgot-password screen", () => {
  it("says 'Please fill in all fields' under a blank field and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ForgotPasswordScreen />, { path: "/forgot-password" });
    await user.type(login(), "  ");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));

    await waitFor(() => expect(descriptionOf(login())).toBe("Please fill in all fields"));
    expect(calls).toEqual([]);
  });

  it("says 'Sending...' on a disabled button, then 'Check your mail' whoever was named, with the way back to sign in", async () => {
    const answer = gate();
    const calls = stubApi({ "POST /api/auth/forgot-password": { status: 204, until: answer.promise } });
    const { user } = renderWithApp(<ForgotPasswordScreen />, { path: "/forgot-password" });
    await user.type(login(), " alice@example.org ");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));

    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveProperty("disabled", true);
    expect(calls).toEqual([{ method: "POST", path: "/api/auth/forgot-password", body: { login: "alice@example.org" } }]);
    answer.open();

    expect(await screen.findByRole("heading", { name: "Check your mail" })).toBeTruthy();
    expect(screen.getByText("If that account has a verified email address, a link to choose a new password is on its way. It works once, for an hour.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/login");
  });

  it("says the limit's refusal under the field, not in a toast", async () => {
    stubApi({ "POST /api/auth/forgot-password": { status: 429, body: { message: "Too many password reset requests, please try again later" } } });
    const { user } = renderWithApp(<ForgotPasswordScreen />, { path: "/forgot-password" });
    await user.type(login(), "alice");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));

    await waitFor(() => expect(descriptionOf(login())).toBe("Too many password reset requests, please try again later"));
    expect(screen.queryByRole("heading", { name: "Check your mail" })).toBeNull();
    expect(toastMessages()).toEqual([]);
  });
});
