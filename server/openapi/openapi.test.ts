import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { documentedRouteNames, expectDocumentedAnswer } from "../test/openapi";
import { listRoutes, routeName } from "../test/routes";
import { openApiPath } from "./document";

const t: TestApp = await createTestApp();
afterAll(() => t.close());

type Json = Record<string, unknown>;
const fetchDocument = async () => (await request(t.app).get("/api/openapi.json")).body as Json;

describe("the API reference covers the router", () => {
  it("describes every route under /api, and no route the router lacks", () => {
    const registered = listRoutes(t.app).filter((route) => route.path.startsWith("/api/")).map(routeName).sort();
    const documented = documentedRouteNames().sort();
    // A new route needs its entry in server/openapi/<resource>.ts; an entry without a route is a stale one.
    expect({ undocumented: registered.filter((name) => !documented.includes(name)), stale: documented.filter((name) => !registered.includes(name)) }).toEqual({
      undocumented: [],
      stale: [],
    });
  });

  it("has the same routes in the document as on the router, with their methods and paths", async () => {
    const paths = (await fetchDocument()).paths as Record<string, Json>;
    const inDocument = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`)).sort();
    const onRouter = listRoutes(t.app).filter((route) => route.path.startsWith("/api/")).map((route) => `${route.method} ${openApiPath(route.path)}`).sort();
    expect(inDocument).toEqual(onRouter);
  });
});

describe("GET /api/openapi.json", () => {
  it("answers the document to anyone, with an ETag that a repeat can name for a 304", async () => {
    const res = await request(t.app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/json");
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await request(t.app).get("/api/openapi.json").set("If-None-Match", res.headers.etag!);
    expect(again.status).toBe(304);
    expectDocumentedAnswer("get /api/openapi.json", res);
    expectDocumentedAnswer("get /api/openapi.json", again);
  });

  it("names both ways to authenticate, and which routes take which", async () => {
    const document = await fetchDocument();
    const components = document.components as { securitySchemes: Json };
    expect(components.securitySchemes).toMatchObject({ session: { type: "apiKey", in: "cookie", name: "sid" }, accessToken: { type: "http", scheme: "bearer" } });
    const paths = document.paths as Record<string, Record<string, { security: Json[] }>>;
    expect(paths["/api/topics"]!.get!.security).toEqual([{ session: [] }, { accessToken: ["read"] }]);
    expect(paths["/api/topics"]!.post!.security).toEqual([{ session: [] }, { accessToken: ["write"] }]);
    expect(paths["/api/tokens"]!.post!.security).toEqual([{ session: [] }]);
    expect(paths["/api/auth/login"]!.post!.security).toEqual([]);
  });
});

/** The JSON Schema types (2020-12, the dialect of OpenAPI 3.1). */
const JSON_TYPES = new Set(["null", "boolean", "object", "array", "number", "integer", "string"]);
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** The structural rules of OpenAPI 3.1 this document relies on, checked by walking it: what a validator would say, without one. */
function openApiProblems(document: Json): string[] {
  const problems: string[] = [];
  const problem = (where: string, what: string) => void problems.push(`${where}: ${what}`);
  if (!/^3\.1\.\d+$/.test(String(document.openapi))) problem("openapi", "not 3.1.x");
  const info = document.info as Json | undefined;
  if (typeof info?.title !== "string" || typeof info.version !== "string") problem("info", "title and version are strings");
  const components = (document.components ?? {}) as Record<string, Json>;
  const tags = new Set(((document.tags ?? []) as Json[]).map((tag) => tag.name));
  const schemes = new Set(Object.keys(components.securitySchemes ?? {}));

  const walkSchema = (schema: unknown, where: string): void => {
    if (typeof schema !== "object" || schema === null) return problem(where, "a schema is an object");
    const node = schema as Json;
    if ("nullable" in node) problem(where, "`nullable` is OpenAPI 3.0; 3.1 writes type: [..., null]");
    if (typeof node.$ref === "string") {
      const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(node.$ref) ?? [];
      if (!kind || !components[kind]?.[name!]) problem(where, `$ref ${node.$ref} names no component`);
    }
    for (const type of [node.type ?? []].flat()) if (!JSON_TYPES.has(type as string)) problem(where, `type ${String(type)}`);
    if (node.required !== undefined) {
      const properties = Object.keys((node.properties ?? {}) as Json);
      for (const name of node.required as string[]) if (!properties.includes(name)) problem(where, `required ${name} is not a property`);
    }
    for (const [key, value] of Object.entries((node.properties ?? {}) as Json)) walkSchema(value, `${where}.properties.${key}`);
    for (const key of ["items", "additionalProperties", "not"]) if (typeof node[key] === "object") walkSchema(node[key], `${where}.${key}`);
    for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) for (const [index, value] of ((node[key] ?? []) as unknown[]).entries()) walkSchema(value, `${where}.${key}[${index}]`);
  };
  const walkContent = (content: unknown, where: string) => {
    for (const [mediaType, media] of Object.entries((content ?? {}) as Record<string, Json>)) if (media.schema !== undefined) walkSchema(media.schema, `${where}.${mediaType}`);
  };

  for (const [name, schema] of Object.entries(components.schemas ?? {})) walkSchema(schema, `components.schemas.${name}`);
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, Json>>)) {
    if (!path.startsWith("/")) problem(path, "paths start with /");
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method} ${path}`;
      if (!METHODS.has(method)) problem(where, "not an HTTP method");
      const id = operation.operationId as string;
      if (operationIds.has(id)) problem(where, `operationId ${id} twice`);
      operationIds.add(id);
      for (const tag of (operation.tags ?? []) as string[]) if (!tags.has(tag)) problem(where, `tag ${tag} undeclared`);
      for (const requirement of (operation.security ?? []) as Json[]) for (const scheme of Object.keys(requirement)) if (!schemes.has(scheme)) problem(where, `security scheme ${scheme} undeclared`);
      const parameters = (operation.parameters ?? []) as Json[];
      for (const parameter of parameters) {
        if (!["path", "query", "header", "cookie"].includes(parameter.in as string)) problem(where, `parameter ${String(parameter.name)} in ${String(parameter.in)}`);
        if (parameter.in === "path" && parameter.required !== true) problem(where, `path parameter ${String(parameter.name)} must be required`);
        walkSchema(parameter.schema, `${where} parameter ${String(parameter.name)}`);
      }
      const inPath = parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
      if ([...inPath].sort().join() !== [...templated].sort().join()) problem(where, `path parameters ${inPath.join()} vs the template's ${templated.join()}`);
      if (operation.requestBody) walkContent((operation.requestBody as Json).content, `${where} body`);
      const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>);
      if (responses.length === 0) problem(where, "no responses");
      for (const [status, response] of responses) {
        if (!/^[1-5](\d\d|XX)$|^default$/.test(status)) problem(where, `response key ${status}`);
        if (typeof response.description !== "string") problem(`${where} ${status}`, "a response has a description");
        walkContent(response.content, `${where} ${status}`);
      }
    }
  }
  return problems;
}

describe("the document is OpenAPI 3.1", () => {
  it("passes the structural walk", async () => {
    expect(openApiProblems(await fetchDocument())).toEqual([]);
  });

  it("the walk finds what it looks for (a dangling $ref, a 3.0 nullable, an undeclared path parameter)", async () => {
    const broken = structuredClone(await fetchDocument()) as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
    broken.components.schemas.Topic!.properties = { title: { type: "string", nullable: true }, author: { $ref: "#/components/schemas/Nobody" } };
    broken.paths["/api/topics/{id}"]!.get!.parameters = [];
    const problems = openApiProblems(broken as unknown as Json);
    expect(problems.some((text) => text.includes("`nullable` is OpenAPI 3.0"))).toBe(true);
    expect(problems.some((text) => text.includes("names no component"))).toBe(true);
    expect(problems.some((text) => text.includes("get /api/topics/{id}: path parameters"))).toBe(true);
  });

  it("writes a nullable reference so that null passes it (anyOf with null, not allOf)", async () => {
    const schemas = ((await fetchDocument()).components as { schemas: Record<string, { properties: Json }> }).schemas;
    expect(schemas.BioSettings!.properties.bioCard).toEqual({ anyOf: [{ $ref: "#/components/schemas/BioCard" }, { type: "null" }] });
  });
});

describe("GET /api/docs", () => {
  it("is a page of every route, made here and loading nothing from elsewhere", async () => {
    const res = await request(t.app).get("/api/docs");
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    for (const name of documentedRouteNames()) {
      const [method, path] = name.split(" ");
      expect(res.text).toContain(`${method!.toUpperCase()}</span> <code>${openApiPath(path!)}</code>`);
    }
    expect(res.text).not.toMatch(/<script|<link|@import|\bsrc=|url\(/i);
    expect(res.text).toContain("prefers-color-scheme:dark");
    expectDocumentedAnswer("get /api/docs", res);
  });
});

describe("the answer check", () => {
  const answer = (status: number, body: unknown) => ({ status, type: "application/json", body, text: JSON.stringify(body) }) as request.Response;

  it("passes a documented answer", () => {
    expectDocumentedAnswer("get /api/bio/:username", answer(404, { message: "Bio card not found" }));
  });

  it("fails an undocumented status, a field the schema does not name, and a missing one", () => {
    expect(() => expectDocumentedAnswer("get /api/bio/:username", answer(409, { message: "x" }))).toThrow(/409 is not a documented answer/);
    expect(() => expectDocumentedAnswer("get /api/bio/:username", answer(404, { message: "x", stack: "at x" }))).toThrow(/differs from its documented schema/);
    expect(() => expectDocumentedAnswer("post /api/auth/logout", answer(200, {}))).toThrow(/differs from its documented schema/);
    expect(() => expectDocumentedAnswer("get /api/nothing", answer(200, {}))).toThrow(/not in the API reference/);
  });
});
