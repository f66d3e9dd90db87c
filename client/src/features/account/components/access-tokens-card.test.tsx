// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AccessToken } from "@shared/schemas/access-tokens";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { AccessTokensCard } from "./access-tokens-card";

const token = (changes: Partial<AccessToken> = {}): AccessToken => ({
  id: 3,
  name: "backup script",
  scopes: ["read"],
  createdAt: "2025-01-01T00:00:00.000Z",
  expiresAt: null,
  lastUsedAt: null,
  ...changes,
});
const SECRET = "enc_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const name = () => screen.getByLabelText("Token name");

describe("the access tokens card (dashboard)", () => {
  it("says 'You have no tokens.' when there are none", async () => {
    stubApi({ "GET /api/tokens": { body: { tokens: [] } } });
    renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    expect(await screen.findByText("You have no tokens.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Access tokens" })).toBeNull();
  });

  it("lists each token with its access, expiry and last use, and a Revoke button named after it", async () => {
    stubApi({
      "GET /api/tokens": { body: { tokens: [token(), token({ id: 4, name: "deploy", scopes: ["read", "write"], expiresAt: "2999-01-01T00:00:00.000Z" })] } },
    });
    renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    const rows = within(await screen.findByRole("list", { name: "Access tokens" })).getAllByTestId("token-row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^backup scriptRead onlyCreated .* · Never expires · Never used/),
      expect.stringMatching(/^deployRead and writeCreated .* · Expires .* · Never used/),
    ]);
    expect(within(rows[1]!).getByRole("button", { name: "Revoke deploy" })).toBeTruthy();
  });

  it("says 'Could not load your tokens.' when the list cannot be read", async () => {
    stubApi({ "GET /api/tokens": { status: 500, body: { message: "Internal server error" } } });
    renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    expect(await screen.findByText("Could not load your tokens.")).toBeTruthy();
    expect(screen.queryByLabelText("Token name")).toBeNull();
  });

  it("says 'Name the token' under a blank name and sends nothing", async () => {
    const calls = stubApi({ "GET /api/tokens": { body: { tokens: [] } } });
    const { user } = renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    expect(descriptionOf(await screen.findByLabelText("Token name"))).toBe("What will use it, e.g. a backup script");
    await user.type(name(), "   ");
    await user.click(screen.getByRole("button", { name: "Create token" }));

    await waitFor(() => expect(descriptionOf(name())).toBe("Name the token"));
    expect(name().getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("refuses a name over 50 characters, keeping all of it", async () => {
    const calls = stubApi({ "GET /api/tokens": { body: { tokens: [] } } });
    const { user } = renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Token name"), "x".repeat(51));
    await user.click(screen.getByRole("button", { name: "Create token" }));

    await waitFor(() => expect(descriptionOf(name())).toBe("Name too long: at most 50 characters"));
    expect(name()).toHaveProperty("value", "x".repeat(51));
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("says 'Creating...' on a disabled button while the server answers, then shows the new token once, until Done", async () => {
    const answer = gate();
    const created = { ...token({ scopes: ["read", "write"], expiresAt: "2025-01-08T00:00:00.000Z" }), token: SECRET };
    let listed: AccessToken[] = [];
    const calls = stubApi({
      "GET /api/tokens": () => ({ body: { tokens: listed } }),
      "POST /api/tokens": () => {
        listed = [token({ scopes: ["read", "write"], expiresAt: created.expiresAt })];
        return { status: 201, body: created, until: answer.promise };
      },
    });
    const { user } = renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Token name"), "  backup script ");
    await user.selectOptions(screen.getByLabelText("Access"), "write");
    await user.selectOptions(screen.getByLabelText("Expires after"), "7");
    await user.click(screen.getByRole("button", { name: "Create token" }));

    expect(await screen.findByRole("button", { name: "Creating..." })).toHaveProperty("disabled", true);
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "backup script", scopes: ["read", "write"], expiresInDays: 7 });
    answer.open();

    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("Copy your new token now: it will not be shown again.");
    expect(within(status).getByTestId("new-token").textContent).toBe(SECRET);
    expect(within(status).getByRole("button", { name: "Copy token" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("token-row")).toHaveLength(1));

    await user.click(within(status).getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("new-token")).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(name()).toHaveProperty("value", "");
  });

  it("creates one token on a fast double click of 'Create token'", async () => {
    const answer = gate();
    const calls = stubApi({
      "GET /api/tokens": { body: { tokens: [] } },
      "POST /api/tokens": { status: 201, body: { ...token(), token: SECRET }, until: answer.promise },
    });
    const { user } = renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Token name"), "backup script");
    const create = screen.getByRole("button", { name: "Create token" });
    // Both clicks land before the next render, as on a busy device: React renders once both are in.
    act(() => {
      create.click();
      create.click();
    });
    answer.open();

    await screen.findByTestId("new-token");
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("sends no expiry for a token that never expires", async () => {
    const calls = stubApi({
      "GET /api/tokens": { body: { tokens: [] } },
      "POST /api/tokens": { status: 201, body: { ...token(), token: SECRET } },
    });
    const { user } = renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Token name"), "forever");
    await user.selectOptions(screen.getByLabelText("Expires after"), "Never");
    await user.click(screen.getByRole("button", { name: "Create token" }));

    await screen.findByTestId("new-token");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "forever", scopes: ["read"] });
  });

  it("shows the server's refusal (ten tokens held) in a 'Could not create the token' toast and keeps the name", async () => {
    stubApi({
      "GET /api/tokens": { body: { tokens: [] } },
      "POST /api/tokens": { status: 409, body: { message: "You can have at most 10 tokens: revoke one first" } },
    });
    const { user } = renderWithApp(<AccessTokensCard />, { path: "/dashboard" });
    await user.type(await screen.findByLabelText("Token name"), "eleventh");
    await user.click(screen.getByRole("button", { name: "Create token" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Could not create the token", description: "You can have at most 10 tokens: revoke one first" }]));
    expect(name()).toHaveProperty("value", "eleventh");
    expect(screen.getByRole("button", { name: "Create token" })).toHaveProperty("disabled", false);
  });
});
