// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { startAuthentication } from "@simplewebauthn/browser";
import { gate, stubApi } from "@/test/stub-api";
import { renderWithApp, toastTexts } from "@/test/render";
import { PASSKEY_CANCELLED } from "@/lib/passkeys";
import { LoginForm } from "./login-form";

// The browser's prompt: the tests answer for the authenticator.
vi.mock("@simplewebauthn/browser", () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const username = () => screen.getByLabelText("Username", { exact: true });
const password = () => screen.getByLabelText("Password", { exact: true });

describe("the login form", () => {
  it("says 'Please fill in all fields' under each blank field, shows no toast and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<LoginForm />, { path: "/login" });
    await user.type(username(), "   ");
    await user.click(screen.getByRole("button", { name: "Login" }));

    for (const field of [username(), password()]) {
      await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
      expect(field).toHaveProperty("validationMessage", "");
      expect(document.getElementById(field.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe("Please fill in all fields");
    }
    expect(toastTexts()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("clears a field's message as it is typed in", async () => {
    stubApi({});
    const { user } = renderWithApp(<LoginForm />, { path: "/login" });
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(username().getAttribute("aria-invalid")).toBe("true"));
    await user.type(username(), "someone");
    await waitFor(() => expect(username().getAttribute("aria-invalid")).not.toBe("true"));
  });

  it("says 'Logging in...' on a disabled button while the server answers", async () => {
    const answer = gate();
    stubApi({ "POST /api/auth/login": { status: 401, body: { message: "Invalid username or password" }, until: answer.promise } });
    const { user } = renderWithApp(<LoginForm />, { path: "/login" });
    await user.type(username(), "alice");
    await user.type(password(), "Secret-pass1");
    await user.click(screen.getByRole("button", { name: "Login" }));

    const pending = await screen.findByRole("button", { name: "Logging in..." });
    expect(pending).toHaveProperty("disabled", true);
    answer.open();
    await screen.findByRole("button", { name: "Login" });
  });

  it("shows the server's refusal in a 'Login failed' toast and stays on the form", async () => {
    const calls = stubApi({ "POST /api/auth/login": { status: 401, body: { message: "Invalid username or password" } } });
    const { user, location } = renderWithApp(<LoginForm />, { path: "/login" });
    await user.type(username(), "alice");
    await user.type(password(), "wrong-Pass1");
    await user.click(screen.getByRole("button", { name: "Login" }));

    await waitFor(() => expect(toastTexts()).toEqual([expect.stringMatching(/^Login failed.*Invalid username or password/)]));
    expect(calls).toEqual([{ method: "POST", path: "/api/auth/login", body: { username: "alice", password: "wrong-Pass1" } }]);
    expect(location()).toBe("/login");
    expect(screen.getByRole("button", { name: "Login" })).toHaveProperty("disabled", false);
  });

  it("asks for the authenticator code when the account has two-factor sign-in", async () => {
    stubApi({ "POST /api/auth/login": { body: { twoFactorRequired: true } } });
    const { user } = renderWithApp(<LoginForm />, { path: "/login" });
    await user.type(username(), "alice");
    await user.type(password(), "Secret-pass1");
    await user.click(screen.getByRole("button", { name: "Login" }));

    expect(await screen.findByLabelText(/code/i)).toBeTruthy();
  });

  describe("signing in with a passkey", () => {
    const OPTIONS = { challenge: "abc", rpId: "localhost", timeout: 300000, userVerification: "preferred" };
    const RESPONSE = { id: "cred", rawId: "cred", type: "public-key", response: { clientDataJSON: "x", authenticatorData: "y", signature: "z" }, clientExtensionResults: {} };

    it("asks for the options and the browser's passkey, signs in and goes on, with no username or password", async () => {
      vi.mocked(startAuthentication).mockResolvedValue(RESPONSE as never);
      const calls = stubApi({
        "POST /api/auth/passkey/options": { body: OPTIONS },
        "POST /api/auth/passkey/login": { body: { id: 1, username: "alice" } },
        "GET /api/auth/user": { body: { id: 1, username: "alice" } },
      });
      const { user, location } = renderWithApp(<LoginForm />, { path: "/login?next=/forum" });
      await user.click(screen.getByRole("button", { name: "Sign in with a passkey" }));

      await waitFor(() => expect(location()).toBe("/forum"));
      expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
      expect(calls.filter((call) => call.method === "POST")).toEqual([
        { method: "POST", path: "/api/auth/passkey/options", body: undefined },
        { method: "POST", path: "/api/auth/passkey/login", body: { response: RESPONSE } },
      ]);
      expect(toastTexts()).toEqual([expect.stringMatching(/^Login successful!/)]);
    });

    it("says 'Login failed' with the server's refusal, or that the prompt was closed, and stays on the form", async () => {
      vi.mocked(startAuthentication).mockResolvedValueOnce(RESPONSE as never);
      stubApi({
        "POST /api/auth/passkey/options": { body: OPTIONS },
        "POST /api/auth/passkey/login": { status: 401, body: { message: "This passkey is not registered here" } },
      });
      const { user, location } = renderWithApp(<LoginForm />, { path: "/login" });
      await user.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
      await waitFor(() => expect(toastTexts()).toEqual([expect.stringMatching(/^Login failed.*This passkey is not registered here/)]));

      vi.mocked(startAuthentication).mockRejectedValueOnce(Object.assign(new Error("not allowed"), { name: "NotAllowedError" }));
      await user.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
      await waitFor(() => expect(toastTexts()).toContainEqual(expect.stringMatching(new RegExp(`^Login failed.*${PASSKEY_CANCELLED}`))));
      expect(location()).toBe("/login");
      expect(screen.getByRole("button", { name: "Sign in with a passkey" })).toHaveProperty("disabled", false);
    });
  });
});
