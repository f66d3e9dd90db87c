// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { validationAnswer } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { TwoFactorCard } from "./two-factor-card";

const SETUP = { secret: "JBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/Enclave:alice?secret=JBSWY3DPEHPK3PXP", qrDataUrl: "data:image/png;base64,iVBORw0KGgo=" };
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${String(index).padStart(2, "0")}`);
const code = () => screen.getByLabelText("Code from the app");

/** The card of a member without two-factor sign-in, Set up clicked: the QR code and the code field. */
async function setUp(enable: StubbedAnswer = { body: { recoveryCodes: RECOVERY_CODES } }) {
  let enabled = false;
  const calls = stubApi({
    "GET /api/auth/2fa": () => ({ body: { enabled, recoveryCodesLeft: enabled ? 10 : 0 } }),
    "POST /api/auth/2fa/setup": { body: SETUP },
    "POST /api/auth/2fa/enable": () => {
      enabled = enable.status === undefined;
      return enable;
    },
  });
  const rendered = renderWithApp(<TwoFactorCard />, { path: "/dashboard" });
  expect(await screen.findByText("Off. Add a code from an authenticator app to your password.")).toBeTruthy();
  await rendered.user.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
  expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toBeTruthy();
  expect(screen.getByTestId("two-factor-secret").textContent).toBe(SETUP.secret);
  return { ...rendered, calls, enables: () => calls.filter((call) => call.path === "/api/auth/2fa/enable") };
}

describe("the two-factor authentication card (dashboard)", () => {
  it("asks for the app's 6 digits: blank and malformed codes are refused under the field, and nothing is sent", async () => {
    const { user, enables } = await setUp();
    await user.click(screen.getByRole("button", { name: "Enable" }));
    await waitFor(() => expect(descriptionOf(code())).toBe("Enter the code from your app"));

    await user.type(code(), "12a456");
    await user.click(screen.getByRole("button", { name: "Enable" }));
    await waitFor(() => expect(descriptionOf(code())).toBe("Enter the 6-digit code from your app"));
    expect(enables()).toEqual([]);
  });

  it("sends a code typed with a space as its digits, says 'Enabling...' meanwhile, then shows the 10 recovery codes once", async () => {
    const answer = gate();
    const { user, enables } = await setUp({ body: { recoveryCodes: RECOVERY_CODES }, until: answer.promise });
    await user.type(code(), "123 456");
    await user.click(screen.getByRole("button", { name: "Enable" }));

    expect(await screen.findByRole("button", { name: "Enabling..." })).toHaveProperty("disabled", true);
    expect(enables().map((call) => call.body)).toEqual([{ code: "123456" }]);
    answer.open();

    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(within(codes).getAllByRole("listitem").map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    expect(toastMessages()).toEqual([{ title: "Two-factor authentication enabled", description: "Save your recovery codes now" }]);
    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(await screen.findByText(/10 recovery codes left\./)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Recovery codes" })).toBeNull();
  });

  it("says a wrong code under the field and keeps the setup", async () => {
    const { user } = await setUp(validationAnswer({ code: "Invalid code" }));
    await user.type(code(), "000000");
    await user.click(screen.getByRole("button", { name: "Enable" }));

    await waitFor(() => expect(descriptionOf(code())).toBe("Invalid code"));
    expect(screen.getByTestId("two-factor-secret").textContent).toBe(SETUP.secret);
    expect(screen.getByRole("button", { name: "Enable" })).toHaveProperty("disabled", false);
  });

  it("says why in a toast when the setup cannot start", async () => {
    stubApi({
      "GET /api/auth/2fa": { body: { enabled: false, recoveryCodesLeft: 0 } },
      "POST /api/auth/2fa/setup": { status: 503, body: { message: "Service temporarily unavailable, please try again shortly" } },
    });
    const { user } = renderWithApp(<TwoFactorCard />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: "Set up two-factor authentication" }));

    await waitFor(() =>
      expect(toastMessages()).toEqual([{ title: "Could not set up two-factor authentication", description: "Service temporarily unavailable, please try again shortly" }]),
    );
    expect(screen.queryByRole("img", { name: "QR code for your authenticator app" })).toBeNull();
  });

  it("when on, turning it off needs the password and a code, and a wrong password is said under it", async () => {
    const calls = stubApi({
      "GET /api/auth/2fa": { body: { enabled: true, recoveryCodesLeft: 7 } },
      "POST /api/auth/2fa/disable": validationAnswer({ password: "Password is incorrect" }),
    });
    const { user } = renderWithApp(<TwoFactorCard />, { path: "/dashboard" });
    expect(await screen.findByText(/Signing in asks for a code from your app\. 7 recovery codes left\./)).toBeTruthy();
    const turnOff = screen.getByRole("button", { name: "Turn off two-factor authentication" });
    await user.click(turnOff);

    const password = screen.getByLabelText("Password");
    const second = screen.getByLabelText("Code from the app or a recovery code");
    await waitFor(() => expect(descriptionOf(password)).toBe("Please fill in all fields"));
    expect(descriptionOf(second)).toBe("Enter the code from your app");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.type(password, "Not-the-password1");
    await user.type(second, "ABCDE-FGHJK");
    await user.click(turnOff);
    await waitFor(() => expect(descriptionOf(password)).toBe("Password is incorrect"));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([{ password: "Not-the-password1", code: "ABCDE-FGHJK" }]);
  });
});
