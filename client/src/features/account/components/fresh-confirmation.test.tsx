// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startAuthentication } from "@simplewebauthn/browser";
import { confirmationStore } from "@/lib/confirmation-store";
import { validationAnswer } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { ConfirmPasswordDialog } from "@/components/confirm-password-dialog";
// Loaded up front: the dialog's lazy content then opens without waiting for a transform.
import "@/components/confirm-password-dialog-content";
import { AccessTokensCard } from "./access-tokens-card";

// The browser's passkey prompt: the tests answer for the authenticator.
vi.mock("@simplewebauthn/browser", () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

// docs/product.md "Sensitive changes need a fresh confirmation". The change that asks is the access
// token form's (any sensitive change goes through the same API client and the one dialog).

const REFUSED: StubbedAnswer = { status: 403, body: { message: "Confirm your password to continue", code: "confirm_required" } };
const CREATED = {
  id: 3,
  name: "backup script",
  scopes: ["read"],
  createdAt: "2025-01-01T00:00:00.000Z",
  expiresAt: "2025-01-31T00:00:00.000Z",
  token: "enc_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG",
};

const dialog = () => screen.findByRole("dialog", { name: "Confirm your password to continue" });

/** The token form, a token name typed and Create token clicked: the server refuses the first creation for want of a confirmation. */
async function askForToken(confirm: StubbedAnswer | ((call: { body: unknown }) => StubbedAnswer), more: Record<string, StubbedAnswer> = {}) {
  let creations = 0;
  const calls = stubApi({
    "GET /api/tokens": { body: { tokens: [] } },
    "POST /api/tokens": () => (++creations === 1 ? REFUSED : { status: 201, body: CREATED }),
    "POST /api/auth/confirm": confirm,
    ...more,
  });
  const rendered = renderWithApp(
    <>
      <AccessTokensCard />
      <ConfirmPasswordDialog />
    </>,
    { path: "/dashboard" },
  );
  await rendered.user.type(await screen.findByLabelText("Token name"), "backup script");
  await rendered.user.click(screen.getByRole("button", { name: "Create token" }));
  return { ...rendered, calls, creations: () => calls.filter((call) => call.method === "POST" && call.path === "/api/tokens") };
}

describe("the password dialog of a sensitive change", () => {
  afterEach(() => confirmationStore.settle(false));

  it("opens when the server asks for the password, says so, and puts the focus in the field", async () => {
    await askForToken({ body: { confirmedUntil: "2025-01-01T00:10:00.000Z" } });
    const shown = await dialog();
    expect(shown.textContent).toContain("This change needs your password once more. You will not be asked again for 10 minutes.");
    await waitFor(() => expect(document.activeElement).toBe(within(shown).getByLabelText("Password")));
  });

  it("says 'Password is incorrect' under the field and stays open; the right password then makes the change", async () => {
    const { user, calls, creations } = await askForToken((call) =>
      (call.body as { password: string }).password === "Right-pass1"
        ? { body: { confirmedUntil: "2025-01-01T00:10:00.000Z" } }
        : validationAnswer({ password: "Password is incorrect" }),
    );
    const shown = await dialog();
    const password = within(shown).getByLabelText("Password");
    await user.type(password, "Not-the-password1");
    await user.click(within(shown).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(descriptionOf(password)).toBe("Password is incorrect"));
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(shown.isConnected).toBe(true);
    expect(creations()).toHaveLength(1);

    await user.clear(password);
    await user.type(password, "Right-pass1");
    await user.click(within(shown).getByRole("button", { name: "Confirm" }));
    // The change that asked is sent again, and made.
    expect((await screen.findByTestId("new-token")).textContent).toBe(CREATED.token);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(creations()).toHaveLength(2);
    expect(calls.filter((call) => call.path === "/api/auth/confirm").map((call) => call.body)).toEqual([{ password: "Not-the-password1" }, { password: "Right-pass1" }]);
  });

  it("says 'Enter your password' for a blank one and asks the server nothing", async () => {
    const { user, calls } = await askForToken({ body: { confirmedUntil: "2025-01-01T00:10:00.000Z" } });
    const shown = await dialog();
    await user.click(within(shown).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(descriptionOf(within(shown).getByLabelText("Password"))).toBe("Enter your password"));
    expect(calls.filter((call) => call.path === "/api/auth/confirm")).toEqual([]);
  });

  it("says 'Confirming...' on a disabled button, with Cancel off, while the password is checked", async () => {
    const answer = gate();
    const { user } = await askForToken({ body: { confirmedUntil: "2025-01-01T00:10:00.000Z" }, until: answer.promise });
    const shown = await dialog();
    await user.type(within(shown).getByLabelText("Password"), "Right-pass1");
    await user.click(within(shown).getByRole("button", { name: "Confirm" }));

    expect(await within(shown).findByRole("button", { name: "Confirming..." })).toHaveProperty("disabled", true);
    expect(within(shown).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    answer.open();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a locked sign-in's refusal under the field", async () => {
    const { user } = await askForToken({ status: 429, body: { message: "Too many login attempts, please try again in a minute", retryAfterSeconds: 60 } });
    const shown = await dialog();
    const password = within(shown).getByLabelText("Password");
    await user.type(password, "Right-pass1");
    await user.click(within(shown).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(descriptionOf(password)).toBe("Too many login attempts, please try again in a minute"));
  });

  it("cancelled, sends the change no more: it fails with the refusal's toast and no token is made", async () => {
    const { user, creations } = await askForToken({ body: { confirmedUntil: "2025-01-01T00:10:00.000Z" } });
    const shown = await dialog();
    await user.click(within(shown).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Could not create the token", description: "Confirm your password to continue" }]));
    expect(screen.getByText("You have no tokens.")).toBeTruthy();
    expect(screen.queryByTestId("new-token")).toBeNull();
    expect(creations()).toHaveLength(1);
  });

  it("confirms with a passkey instead: the sign-in challenge, the device's passkey, then the change is made", async () => {
    const options = { challenge: "abc", rpId: "localhost", timeout: 300000, userVerification: "preferred" };
    const passkey = { id: "cred", rawId: "cred", type: "public-key", response: { clientDataJSON: "x", authenticatorData: "y", signature: "z" }, clientExtensionResults: {} };
    vi.mocked(startAuthentication).mockResolvedValueOnce(passkey as never);
    const { user, calls, creations } = await askForToken({ body: { confirmedUntil: "2025-01-01T00:10:00.000Z" } }, { "POST /api/auth/passkey/options": { body: options } });
    const shown = await dialog();
    await user.click(within(shown).getByRole("button", { name: "Use a passkey instead" }));

    expect((await screen.findByTestId("new-token")).textContent).toBe(CREATED.token);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(calls.filter((call) => call.path === "/api/auth/confirm").map((call) => call.body)).toEqual([{ passkey }]);
    expect(creations()).toHaveLength(2);
  });

  it("shows a passkey's refusal, or a closed prompt, under the field and stays open", async () => {
    vi.mocked(startAuthentication).mockRejectedValueOnce(Object.assign(new Error("not allowed"), { name: "NotAllowedError" }));
    const { user, calls } = await askForToken(validationAnswer({ passkey: "The passkey could not be verified" }), {
      "POST /api/auth/passkey/options": { body: { challenge: "abc", rpId: "localhost", timeout: 300000, userVerification: "preferred" } },
    });
    const shown = await dialog();
    const password = within(shown).getByLabelText("Password");
    await user.click(within(shown).getByRole("button", { name: "Use a passkey instead" }));
    await waitFor(() => expect(descriptionOf(password)).toBe("The passkey prompt was closed or timed out"));
    expect(calls.filter((call) => call.path === "/api/auth/confirm")).toEqual([]);

    vi.mocked(startAuthentication).mockResolvedValueOnce({ id: "cred" } as never);
    await user.click(within(shown).getByRole("button", { name: "Use a passkey instead" }));
    await waitFor(() => expect(descriptionOf(password)).toBe("The passkey could not be verified"));
    expect(shown.isConnected).toBe(true);
  });
});
