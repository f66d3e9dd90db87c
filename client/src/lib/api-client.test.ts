import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiRequest, getQueryFn } from "./api-client";
import { ApiError } from "./api-error";

function answer(body: string, init: ResponseInit) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(body, init)));
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("the API client's failures", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("throw an ApiError with the status and the parsed JSON body", async () => {
    answer('{"message":"Topic is locked"}', { status: 403 });
    const error = await caught(apiRequest("POST", "/api/topics/1/posts", { content: "x" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, body: { message: "Topic is locked" } });
  });

  it("keep a body that is not JSON as text, and the status text when it is empty", async () => {
    answer("<html>Bad gateway</html>", { status: 502 });
    expect(await caught(apiGet("/api/topics"))).toMatchObject({ status: 502, body: "<html>Bad gateway</html>" });
    answer("", { status: 429, statusText: "Too Many Requests" });
    expect(await caught(apiGet("/api/topics"))).toMatchObject({ status: 429, body: "Too Many Requests" });
  });

  it("resolve a 401 to null only where the query asks for it", async () => {
    const context = { queryKey: ["/api/auth/me"], signal: new AbortController().signal, meta: undefined } as never;
    answer('{"message":"Not signed in"}', { status: 401 });
    await expect(getQueryFn({ on401: "returnNull" })(context)).resolves.toBeNull();
    expect(await caught(Promise.resolve(getQueryFn({ on401: "throw" })(context)))).toMatchObject({ status: 401 });
  });
});
