import { generate } from "otplib";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIRM_REQUIRED_CODE, CONFIRM_REQUIRED_MESSAGE } from "@shared/policies/fresh-confirmation";
import { API_RESOURCES } from "../openapi/api-routes";
import { createTestApp, type TestApp } from "../test/app";
import { confirmPassword, moveConfirmationWindow } from "../test/confirmation";
import { insertMember, PASSWORD, signedInAgent, type Agent } from "../test/fixtures";
import { expectDocumentedAnswer } from "../test/openapi";
import { addSoftwarePasskey, PASSKEY_SITE, SoftwarePasskey } from "../test/passkeys";
import { listRoutes, routeName } from "../test/routes";

// The site's address: passkeys are made for its relying party.
const t: TestApp = await createTestApp({ PUBLIC_URL: PASSKEY_SITE });
afterAll(() => t.close());

/** The changes that need a fresh confirmation (docs/product.md "Sensitive changes need a fresh confirmation"), by route. */
const SENSITIVE_ROUTES = [
  "patch /api/auth/profile",
  "patch /api/auth/change-password",
  "post /api/auth/2fa/setup",
  "post /api/auth/2fa/enable",
  "post /api/auth/2fa/disable",
  "post /api/tokens",
  "delete /api/auth/sessions",
  "delete /api/auth/sessions/:id",
  "get /api/auth/export",
  "delete /api/auth/account",
  "post /api/auth/passkeys/options",
  "post /api/auth/passkeys",
  "delete /api/auth/passkeys/:id",
];

/** What a sensitive change asks of a member who has the agent's session: made once it is ready, and what a success answers. */
interface SensitiveChange {
  route: string;
  /** What must be in place first (a secret set up, another session to end). */
  prepare?: (member: Member) => Promise<void>;
  make: (member: Member) => PromiseLike<request.Response>;
  succeeds: number;
}
interface Member {
  id: number;
  username: string;
  agent: Agent;
  /** A value `prepare` left for `make`. */
  state: Record<string, string>;
}

const totpCode = (secret: string) => generate({ secret });
/** Creation options as no request gave them. */
const UNASKED_OPTIONS = { challenge: "bm90LWdpdmVu", rp: { id: "community.example", name: "Enclave" }, user: { id: "dW5hc2tlZA", name: "nobody", displayName: "nobody" } } as Parameters<SoftwarePasskey["register"]>[0];
/** A two-factor secret set up (not yet on), made with a window of its own that is then closed again. */
async function setUpTwoFactor(member: Member) {
  await confirmPassword(member.agent);
  member.state.secret = (await member.agent.post("/api/auth/2fa/setup")).body.secret;
  await moveConfirmationWindow(t.database.db, member.id, Date.now() - 1);
}

const CHANGES: SensitiveChange[] = [
  { route: "patch /api/auth/profile", make: (m) => m.agent.patch("/api/auth/profile").send({ email: `${m.username}@mail.example` }), succeeds: 200 },
  {
    route: "patch /api/auth/change-password",
    make: (m) => m.agent.patch("/api/auth/change-password").send({ currentPassword: PASSWORD, newPassword: "Another123" }),
    succeeds: 200,
  },
  { route: "post /api/auth/2fa/setup", make: (m) => m.agent.post("/api/auth/2fa/setup"), succeeds: 200 },
  {
    route: "post /api/auth/2fa/enable",
    prepare: setUpTwoFactor,
    make: async (m) => m.agent.post("/api/auth/2fa/enable").send({ code: await totpCode(m.state.secret!) }),
    succeeds: 200,
  },
  {
    route: "post /api/auth/2fa/disable",
    prepare: async (m) => {
      await setUpTwoFactor(m);
      await confirmPassword(m.agent);
      const enabled = await m.agent.post("/api/auth/2fa/enable").send({ code: await totpCode(m.state.secret!) });
      expect(enabled.status).toBe(200);
      m.state.recoveryCode = enabled.body.recoveryCodes[0];
      await moveConfirmationWindow(t.database.db, m.id, Date.now() - 1);
    },
    make: (m) => m.agent.post("/api/auth/2fa/disable").send({ password: PASSWORD, code: m.state.recoveryCode! }),
    succeeds: 200,
  },
  { route: "post /api/tokens", make: (m) => m.agent.post("/api/tokens").send({ name: "script", scopes: ["read"] }), succeeds: 201 },
  {
    route: "delete /api/auth/sessions",
    prepare: async (m) => void (await signedInAgent(t.app, m.username)),
    make: (m) => m.agent.delete("/api/auth/sessions"),
    succeeds: 204,
  },
  {
    route: "delete /api/auth/sessions/:id",
    prepare: async (m) => {
      await signedInAgent(t.app, m.username);
      const listed = (await m.agent.get("/api/auth/sessions")).body.sessions as { id: string; current: boolean }[];
      m.state.other = listed.find((session) => !session.current)!.id;
    },
    make: (m) => m.agent.delete(`/api/auth/sessions/${m.state.other}`),
    succeeds: 204,
  },
  { route: "get /api/auth/export", make: (m) => m.agent.get("/api/auth/export").buffer(true), succeeds: 200 },
  { route: "delete /api/auth/account", make: (m) => m.agent.delete("/api/auth/account").send({ password: PASSWORD }), succeeds: 200 },
  { route: "post /api/auth/passkeys/options", make: (m) => m.agent.post("/api/auth/passkeys/options"), succeeds: 200 },
  {
    route: "post /api/auth/passkeys",
    // The options need the window too: refused, the passkey's answer is sent to a challenge never given.
    make: async (m) => {
      const options = await m.agent.post("/api/auth/passkeys/options");
      const passkey = new SoftwarePasskey();
      const response = options.status === 200 ? passkey.register(options.body) : passkey.register({ ...UNASKED_OPTIONS });
      return m.agent.post("/api/auth/passkeys").send({ name: "Laptop", response });
    },
    succeeds: 201,
  },
  {
    route: "delete /api/auth/passkeys/:id",
    prepare: async (m) => {
      await confirmPassword(m.agent);
      m.state.passkeyId = String((await addSoftwarePasskey(m.agent)).id);
      await moveConfirmationWindow(t.database.db, m.id, Date.now() - 1);
    },
    make: (m) => m.agent.delete(`/api/auth/passkeys/${m.state.passkeyId}`),
    succeeds: 204,
  },
];

function expectConfirmRequired(route: string, res: request.Response) {
  expect(res.status, res.text).toBe(403);
  expect(res.body).toEqual({ message: CONFIRM_REQUIRED_MESSAGE, code: CONFIRM_REQUIRED_CODE });
  expectDocumentedAnswer(route, res);
}

describe("a sensitive change needs a fresh confirmation", () => {
  it("lists each route once", () => {
    expect(CHANGES.map((change) => change.route).sort()).toEqual([...SENSITIVE_ROUTES].sort());
  });

  it.each(CHANGES)("$route: refused without one, refused once it has closed, made within it", async (change) => {
    const row = await insertMember(t.database.db);
    const member: Member = { id: row.id, username: row.username, agent: await signedInAgent(t.app, row.username), state: {} };
    await change.prepare?.(member);
    expectConfirmRequired(change.route, await change.make(member));

    await confirmPassword(member.agent);
    // Ten minutes later, as the session's row says.
    await moveConfirmationWindow(t.database.db, member.id, Date.now() - 1);
    expectConfirmRequired(change.route, await change.make(member));

    await confirmPassword(member.agent);
    const made = await change.make(member);
    expect(made.status, made.text).toBe(change.succeeds);
    expectDocumentedAnswer(change.route, made);
  });
});

describe("what needs none", () => {
  it("a profile change that leaves the address as it is, and the address sent again unchanged", async () => {
    const row = await insertMember(t.database.db, { email: "kept@mail.example", emailVerified: true });
    const agent = await signedInAgent(t.app, row.username);
    expect((await agent.patch("/api/auth/profile").send({ bio: "No address here" })).status).toBe(200);
    const same = await agent.patch("/api/auth/profile").send({ bio: "Same address", email: "kept@mail.example" });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ email: "kept@mail.example", emailVerified: true });
    // Clearing it is a change.
    expectConfirmRequired("patch /api/auth/profile", await agent.patch("/api/auth/profile").send({ email: "" }));
  });

  it("ending this session (a logout), revoking a token, reading the lists", async () => {
    const row = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, row.username);
    const token = (await (await confirmPassword(agent)).post("/api/tokens").send({ name: "script", scopes: ["read"] })).body.id as number;
    await moveConfirmationWindow(t.database.db, row.id, Date.now() - 1);
    for (const path of ["/api/auth/sessions", "/api/tokens", "/api/auth/2fa"]) expect((await agent.get(path)).status, path).toBe(200);
    expect((await agent.delete(`/api/tokens/${token}`)).status).toBe(204);
    const own = ((await agent.get("/api/auth/sessions")).body.sessions as { id: string; current: boolean }[]).find((session) => session.current)!;
    expect((await agent.delete(`/api/auth/sessions/${own.id}`)).status).toBe(204);
    expect((await agent.get("/api/auth/user")).status).toBe(401);
  });
});

describe("the routes that need it", () => {
  const guarded = listRoutes(t.app)
    .filter((route) => (route.handlers ?? []).some((handler) => typeof handler === "function" && ["confirmed", "confirmedWhenSensitive"].includes(handler.name)))
    .map(routeName);

  it("are the contract's, each with its guard on the router", () => {
    expect(guarded.sort()).toEqual([...SENSITIVE_ROUTES].sort());
  });

  it("are the ones the API reference documents with a ConfirmRequiredError", () => {
    const documented = API_RESOURCES.flatMap(({ routes }) => routes)
      .filter((route) => route.confirmation !== undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(documented.sort()).toEqual([...SENSITIVE_ROUTES].sort());
  });

  it("come with the guard after the member guard: signed out is 401, not 403", async () => {
    const res = await request(t.app).get("/api/auth/export");
    expect(res.status).toBe(401);
  });
});
