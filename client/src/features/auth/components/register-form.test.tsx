// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { gate, stubApi } from "@/test/stub-api";
import { renderWithApp, toastTexts } from "@/test/render";
import { RegisterForm } from "./register-form";

const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function fill(user: ReturnType<typeof renderWithApp>["user"], values: { username: string; password: string; inviteCode: string }) {
  await user.type(field("Username"), values.username);
  await user.type(field("Password"), values.password);
  await user.type(field("Invite Code"), values.inviteCode);
}

describe("the registration form", () => {
  it("says the invite-only rule before anything is typed", () => {
    stubApi({});
    renderWithApp(<RegisterForm />, { path: "/register" });
    expect(screen.getByText("This service is invite-only. You need a valid invite code to register.")).toBeTruthy();
  });

  it("shows the rule each field breaks and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<RegisterForm />, { path: "/register" });
    await fill(user, { username: "ab", password: "lowercase1", inviteCode: "ABCDEFGHJKMN" });
    await user.click(screen.getByRole("button", { name: "Register" }));

    expect(await screen.findByText("Username must be at least 3 characters")).toBeTruthy();
    expect(screen.getByText("Password must contain at least one uppercase letter, one lowercase letter, and one number")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("says 'Please fill in all fields' under each blank field", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<RegisterForm />, { path: "/register" });
    await user.click(screen.getByRole("button", { name: "Register" }));

    await waitFor(() => expect(screen.getAllByText("Please fill in all fields")).toHaveLength(3));
    expect(calls).toEqual([]);
  });

  it("sends the invite code upper-cased, with 'Registering...' on a disabled button meanwhile", async () => {
    const answer = gate();
    const calls = stubApi({ "POST /api/auth/register": { status: 400, body: { message: "Invalid or expired invite code" }, until: answer.promise } });
    const { user } = renderWithApp(<RegisterForm />, { path: "/register" });
    await fill(user, { username: "newcomer", password: "Secret-pass1", inviteCode: "abcdefghjkmn" });
    await user.click(screen.getByRole("button", { name: "Register" }));

    expect(await screen.findByRole("button", { name: "Registering..." })).toHaveProperty("disabled", true);
    expect(calls[0]?.body).toEqual({ username: "newcomer", password: "Secret-pass1", inviteCode: "ABCDEFGHJKMN" });
    answer.open();
    await screen.findByRole("button", { name: "Register" });
  });

  it("shows the server's refusal in a 'Registration failed' toast and keeps what was typed", async () => {
    stubApi({ "POST /api/auth/register": { status: 400, body: { message: "Invalid or expired invite code" } } });
    const { user, location } = renderWithApp(<RegisterForm />, { path: "/register" });
    await fill(user, { username: "newcomer", password: "Secret-pass1", inviteCode: "ABCDEFGHJKMN" });
    await user.click(screen.getByRole("button", { name: "Register" }));

    await waitFor(() => expect(toastTexts()).toEqual([expect.stringMatching(/^Registration failed.*Invalid or expired invite code/)]));
    expect(location()).toBe("/register");
    expect(field("Username")).toHaveProperty("value", "newcomer");
  });
});
