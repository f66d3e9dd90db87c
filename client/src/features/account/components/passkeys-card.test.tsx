// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startRegistration } from "@simplewebauthn/browser";
import type { Passkey, PasskeyCreationOptions } from "@shared/types";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { PASSKEY_CANCELLED } from "@/lib/passkeys";
import { PasskeysCard } from "./passkeys-card";

// The browser's prompt: the tests answer for the authenticator.
vi.mock("@simplewebauthn/browser", () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
afterEach(() => vi.mocked(startRegistration).mockReset());

const passkey = (changes: Partial<Passkey> = {}): Passkey => ({ id: 3, name: "Laptop", createdAt: "2025-01-01T00:00:00.000Z", lastUsedAt: null, ...changes });
const OPTIONS = { challenge: "abc", rp: { name: "Enclave", id: "localhost" } } as unknown as PasskeyCreationOptions;
const RESPONSE = { id: "cred", rawId: "cred", type: "public-key", response: { clientDataJSON: "x", attestationObject: "y" }, clientExtensionResults: {} };
const name = () => screen.getByLabelText("Passkey name");

describe("the passkeys card (dashboard)", () => {
  it("says 'You have no passkeys.' when there are none", async () => {
    stubApi({ "GET /api/auth/passkeys": { body: { passkeys: [] } } });
    renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    expect(await screen.findByText("You have no passkeys.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Passkeys" })).toBeNull();
  });

  it("lists each passkey with when it was added and last used, and a Remove button named after it", async () => {
    stubApi({ "GET /api/auth/passkeys": { body: { passkeys: [passkey(), passkey({ id: 4, name: "Phone", lastUsedAt: new Date().toISOString() })] } } });
    renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    const rows = within(await screen.findByRole("list", { name: "Passkeys" })).getAllByTestId("passkey-row");
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringMatching(/^LaptopAdded .* · Never used/), expect.stringMatching(/^PhoneAdded .* · Last used /)]);
    expect(within(rows[1]!).getByRole("button", { name: "Remove Phone" })).toBeTruthy();
  });

  it("says 'Name the passkey' under a blank name, and refuses one over 50 characters, asking nothing", async () => {
    const calls = stubApi({ "GET /api/auth/passkeys": { body: { passkeys: [] } } });
    const { user } = renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Passkey name"), "   ");
    await user.click(screen.getByRole("button", { name: "Add passkey" }));
    await waitFor(() => expect(descriptionOf(name())).toBe("Name the passkey"));

    await user.clear(name());
    await user.type(name(), "x".repeat(51));
    await user.click(screen.getByRole("button", { name: "Add passkey" }));
    await waitFor(() => expect(descriptionOf(name())).toBe("Name too long: at most 50 characters"));
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it("asks for the options, the browser's passkey, then adds it under its name ('Adding...' meanwhile)", async () => {
    const answer = gate();
    let listed: Passkey[] = [];
    vi.mocked(startRegistration).mockResolvedValue(RESPONSE as never);
    const calls = stubApi({
      "GET /api/auth/passkeys": () => ({ body: { passkeys: listed } }),
      "POST /api/auth/passkeys/options": { body: OPTIONS },
      "POST /api/auth/passkeys": () => {
        listed = [passkey({ name: "Work laptop" })];
        return { status: 201, body: listed[0], until: answer.promise };
      },
    });
    const { user } = renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Passkey name"), "  Work laptop ");
    await user.click(screen.getByRole("button", { name: "Add passkey" }));

    expect(await screen.findByRole("button", { name: "Adding..." })).toHaveProperty("disabled", true);
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(2));
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", path: "/api/auth/passkeys/options", body: undefined },
      { method: "POST", path: "/api/auth/passkeys", body: { name: "Work laptop", response: RESPONSE } },
    ]);
    answer.open();

    await waitFor(() => expect(screen.getAllByTestId("passkey-row")).toHaveLength(1));
    expect(toastMessages()).toEqual([{ title: "Passkey added", description: "You can sign in with “Work laptop”" }]);
    expect(name()).toHaveProperty("value", "");
  });

  it("says so when the browser's prompt is closed, sending nothing more and keeping the name", async () => {
    vi.mocked(startRegistration).mockRejectedValue(Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" }));
    const calls = stubApi({ "GET /api/auth/passkeys": { body: { passkeys: [] } }, "POST /api/auth/passkeys/options": { body: OPTIONS } });
    const { user } = renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Passkey name"), "Laptop");
    await user.click(screen.getByRole("button", { name: "Add passkey" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Could not add the passkey", description: PASSKEY_CANCELLED }]));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual(["/api/auth/passkeys/options"]);
    expect(name()).toHaveProperty("value", "Laptop");
  });

  it("shows the server's refusal (ten held) in a toast", async () => {
    stubApi({
      "GET /api/auth/passkeys": { body: { passkeys: [] } },
      "POST /api/auth/passkeys/options": { status: 400, body: { message: "You can have at most 10 passkeys: remove one first" } },
    });
    const { user } = renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Passkey name"), "Laptop");
    await user.click(screen.getByRole("button", { name: "Add passkey" }));
    await waitFor(() =>
      expect(toastMessages()).toEqual([{ title: "Could not add the passkey", description: "You can have at most 10 passkeys: remove one first" }]),
    );
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it("offers no form once ten are held", async () => {
    stubApi({ "GET /api/auth/passkeys": { body: { passkeys: Array.from({ length: 10 }, (_, i) => passkey({ id: i + 1, name: `Key ${i + 1}` })) } } });
    renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    expect(await screen.findByText("You hold 10 passkeys, the most you may: remove one to add another.")).toBeTruthy();
    expect(screen.queryByLabelText("Passkey name")).toBeNull();
  });

  it("removes one after its confirmation", async () => {
    let listed = [passkey()];
    const calls = stubApi({
      "GET /api/auth/passkeys": () => ({ body: { passkeys: listed } }),
      "DELETE /api/auth/passkeys/3": () => {
        listed = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithApp(<PasskeysCard />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: "Remove Laptop" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this passkey?" });
    expect(dialog.textContent).toContain("“Laptop” will no longer sign you in.");
    await user.click(within(dialog).getByRole("button", { name: "Remove passkey" }));

    await screen.findByText("You have no passkeys.");
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([{ method: "DELETE", path: "/api/auth/passkeys/3", body: undefined }]);
    expect(toastMessages()).toEqual([{ title: "Passkey removed", description: "It can no longer sign you in" }]);
  });
});
