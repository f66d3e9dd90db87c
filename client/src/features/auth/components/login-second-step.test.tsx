// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { currentUser } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { LoginSecondStep } from "./login-second-step";

function renderStep(answer?: StubbedAnswer, path = "/login") {
  const onBack = vi.fn();
  const calls = stubApi(answer ? { "POST /api/auth/login/2fa": answer } : {});
  const rendered = renderWithApp(<LoginSecondStep onBack={onBack} />, { path });
  return { ...rendered, onBack, sent: () => calls.filter((call) => call.method === "POST") };
}

const verify = () => screen.getByRole("button", { name: "Verify" });

describe("the second step of a sign-in with two-factor authentication", () => {
  it("asks for the app's 6 digits: anything else is refused under the field and nothing is sent", async () => {
    const { user, sent } = renderStep();
    expect(screen.getByText("Enter the 6-digit code from your authenticator app.")).toBeTruthy();
    await user.type(screen.getByLabelText("Authentication code"), "12345");
    await user.click(verify());

    expect(descriptionOf(screen.getByLabelText("Authentication code"))).toBe("Enter the 6-digit code from your app");
    expect(sent()).toEqual([]);
  });

  it("takes a recovery code instead, saying 'Enter a recovery code' for a blank one", async () => {
    const { user, sent } = renderStep();
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }));
    expect(screen.getByText("Enter one of the recovery codes you saved.")).toBeTruthy();
    await user.click(verify());

    expect(descriptionOf(screen.getByLabelText("Recovery code"))).toBe("Enter a recovery code");
    expect(sent()).toEqual([]);
    expect(screen.getByRole("button", { name: "Use a code from the app" })).toBeTruthy();
  });

  it("says 'Verifying...' on a disabled button, then signs in and goes back to the screen that asked (?next=)", async () => {
    const answer = gate();
    const { user, sent, location } = renderStep({ body: currentUser(), until: answer.promise }, "/login?next=%2Fforum");
    await user.type(screen.getByLabelText("Authentication code"), "123 456");
    await user.click(verify());

    expect(await screen.findByRole("button", { name: "Verifying..." })).toHaveProperty("disabled", true);
    expect(sent().map((call) => call.body)).toEqual([{ code: "123456" }]);
    answer.open();

    await waitFor(() => expect(location()).toBe("/forum"));
    expect(toastMessages()).toEqual([{ title: "Login successful!", description: "Welcome back to Enclave" }]);
  });

  it("shows a wrong code in a 'Login failed' toast and empties the field for another try", async () => {
    const { user, onBack } = renderStep({ status: 401, body: { message: "Invalid two-factor code" } });
    await user.type(screen.getByLabelText("Authentication code"), "000000");
    await user.click(verify());

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Login failed", description: "Invalid two-factor code" }]));
    expect(screen.getByLabelText("Authentication code")).toHaveProperty("value", "");
    expect(onBack).not.toHaveBeenCalled();
  });

  it("goes back to the password once the sign-in has expired", async () => {
    const { user, onBack } = renderStep({ status: 401, body: { message: "Sign-in expired, please sign in again" } });
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(verify());

    await waitFor(() => expect(onBack).toHaveBeenCalledTimes(1));
    expect(toastMessages()).toEqual([{ title: "Login failed", description: "Sign-in expired, please sign in again" }]);
  });
});
