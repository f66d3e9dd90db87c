import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { insertMember, signedInAgent, type Agent } from "../test/fixtures";
import { documentedMethodsAt } from "../test/openapi";
import { fillPath, listRoutes, type Method } from "../test/routes";

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let alice: Agent;
let administrator: Agent;
beforeAll(async () => {
  alice = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
  administrator = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
});

describe("a path that exists, called with a method it does not take", () => {
  it.each([
    ["put", "/api/topics", "GET, HEAD, POST"],
    ["delete", "/api/topics/1/posts", "GET, HEAD, POST"],
    ["get", "/api/auth/login", "POST"],
    ["patch", "/api/tokens", "GET, HEAD, POST"],
    ["post", "/api/health", "GET, HEAD"],
  ] as const)("%s %s is 405 with Allow: %s, signed out or in", async (method, path, allow) => {
    for (const res of [await request(t.app)[method](path), await alice[method](path)]) {
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.body).toEqual({ message: "Method not allowed" });
    }
  });

  it("answers HEAD on a path without GET with 405 and no body", async () => {
    const res = await request(t.app).head("/api/auth/login");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("POST");
  });

  it.each([
    ["get", "/api/nothing"],
    ["put", "/api/nothing"],
    ["get", "/api/topics/1/nothing"],
    ["post", "/api/topics/1/posts/2"],
  ] as const)("%s %s, a path no route has, stays 404", async (method, path) => {
    const res = await alice[method](path);
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
    expect(res.body).toEqual({ message: "Not found" });
  });
});

describe("every API path", () => {
  const METHODS: Method[] = ["get", "post", "put", "patch", "delete"];
  const VALUES = { id: "1", username: "someone", filename: `${"a".repeat(32)}.png`, badgeType: "verified", key: "new-topic", reaction: "like", messageId: "1", postId: "1" };
  const paths = [...new Set(listRoutes(t.app).filter((route) => route.path.startsWith("/api/")).map((route) => fillPath(route, VALUES)))];

  // As an administrator: the admin area's guard answers anyone else first, whatever the path under /api/admin.
  it.each(paths)("%s: each method it lacks is 405, with the Allow of the router's OPTIONS answer and of the reference", async (path) => {
    const options = await administrator.options(path);
    expect(options.status).toBe(200);
    expect(options.headers.allow).toBe(documentedMethodsAt(path));
    const lacking = METHODS.filter((method) => !options.headers.allow!.split(", ").includes(method.toUpperCase()));
    for (const method of lacking) {
      const res = await administrator[method](path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe(options.headers.allow);
    }
  });
});
