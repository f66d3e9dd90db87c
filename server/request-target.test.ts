import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_REFUSED } from "./policies/access-tokens";
import { createTestApp, type TestApp } from "./test/app";
import { insertMember } from "./test/fixtures";
import { confirmedAgent } from "./test/confirmation";
import { listenOnLoopback, type LoopbackServer } from "./test/loopback";

/**
 * The request line written by hand (supertest and fetch only send paths): the target's form is what
 * is tested. A target that is no path is a 400 for every caller, and where a token may go is decided
 * on the path the router matches, whatever else the target carries.
 */
const t: TestApp = await createTestApp();
let server: LoopbackServer;
let cookie = "";
const tokens = { read: "", write: "" };
beforeAll(async () => {
  server = await listenOnLoopback(t.app);
  const member = await insertMember(t.database.db);
  const agent = await confirmedAgent(t.app, member.username);
  cookie = (await agent.get("/api/auth/user")).request.cookies;
  tokens.read = (await agent.post("/api/tokens").send({ name: "read", scopes: ["read"] })).body.token;
  tokens.write = (await agent.post("/api/tokens").send({ name: "write", scopes: ["read", "write"] })).body.token;
});
afterAll(async () => {
  server.close();
  await t.close();
});

interface RawAnswer {
  status: number;
  body: string;
}

/** Writes `METHOD target HTTP/1.1` and the headers as given, and reads the answer until the server closes (`Connection: close`). */
function raw(method: string, target: string, headers: Record<string, string>, body = ""): Promise<RawAnswer> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, "Connection: close", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (body) lines.push("Content-Type: application/json", `Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString();
      resolve({ status: Number(text.split(" ")[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
  });
}

const absolute = (path: string) => `http://127.0.0.1:${server.port}${path}`;
const withToken = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("a request target that is not a path", () => {
  it.each([
    ["GET", "/api/tokens"],
    ["GET", "/api/auth/export"],
    ["GET", "/api/auth/sessions"],
    ["GET", "/api/topics"],
    ["GET", "/"],
  ])("%s %s in absolute form is 400, with a session or a token, signed out too", async (method, path) => {
    for (const headers of [{ Cookie: cookie }, withToken(tokens.read), withToken(tokens.write), {}] as Record<string, string>[]) {
      const res = await raw(method, absolute(path), headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ message: "The request target must be a path" });
    }
  });

  it("refuses the writes a token would make in absolute form: an email change, a year-long token", async () => {
    const email = JSON.stringify({ email: "taken@example.org" });
    expect((await raw("PATCH", absolute("/api/auth/profile"), withToken(tokens.write), email)).status).toBe(400);
    const minted = JSON.stringify({ name: "minted", scopes: ["read", "write"], expiresInDays: 365 });
    expect((await raw("POST", absolute("/api/tokens"), withToken(tokens.write), minted)).status).toBe(400);
  });

  it("refuses the asterisk form (OPTIONS *)", async () => {
    expect((await raw("OPTIONS", "*", {})).status).toBe(400);
    expect((await raw("OPTIONS", "*", { Cookie: cookie })).status).toBe(400);
  });

  it("still answers the path form", async () => {
    expect((await raw("GET", "/api/topics", { Cookie: cookie })).status).toBe(200);
    expect((await raw("GET", "/api/topics", withToken(tokens.read))).status).toBe(200);
  });
});

describe("where a token may go is decided on the path the router matches", () => {
  // Each names a route the router reaches, spelled so that the raw URL and the routed path differ.
  const spellings = (path: string) => [path, `${path}#fragment`, `${path}/`, path.toUpperCase(), `${path}?x=1`];

  it.each(["/api/tokens", "/api/auth/export", "/api/auth/sessions"])("a token never reads %s, however its path is spelled", async (path) => {
    for (const target of spellings(path)) {
      for (const token of [tokens.read, tokens.write]) {
        const res = await raw("GET", target, withToken(token));
        expect(res.status, target).toBe(403);
        expect(JSON.parse(res.body).message, target).toBe(TOKEN_REFUSED);
      }
    }
  });

  it("a token never changes the email or makes a token, however the path is spelled", async () => {
    for (const target of spellings("/api/auth/profile")) {
      const res = await raw("PATCH", target, withToken(tokens.write), JSON.stringify({ email: "taken@example.org" }));
      expect(res.status, target).toBe(403);
    }
    for (const target of spellings("/api/tokens")) {
      const res = await raw("POST", target, withToken(tokens.write), JSON.stringify({ name: "minted", scopes: ["read"], expiresInDays: 365 }));
      expect(res.status, target).toBe(403);
    }
  });
});
