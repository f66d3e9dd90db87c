import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiRequest, getQueryFn } from "./api-client";
import { ApiError, isConfirmRequired } from "./api-error";
import { confirmationStore } from "./confirmation-store";

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

describe("a call that needs a fresh confirmation", () => {
  afterEach(() => vi.unstubAllGlobals());
  const refused = () => new Response('{"message":"Confirm your password to continue","code":"confirm_required"}', { status: 403 });

  /** Answers each call in turn; the calls made are kept. */
  function answers(...responses: (() => Response)[]) {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body });
        return responses[calls.length - 1]!();
      }),
    );
    return calls;
  }

  /** Settles the password dialog as soon as it is asked for. */
  function answerTheDialog(confirmed: boolean) {
    const unsubscribe = confirmationStore.subscribe(() => {
      if (confirmationStore.isAsking()) queueMicrotask(() => confirmationStore.settle(confirmed));
    });
    return unsubscribe;
  }

  it("waits for the password dialog and, confirmed, is sent again as it was", async () => {
    const calls = answers(refused, () => new Response('{"id":1}', { status: 201 }));
    const stop = answerTheDialog(true);
    const response = await apiRequest("POST", "/api/tokens", { name: "script", scopes: ["read"] });
    stop();
    expect(await response.json()).toEqual({ id: 1 });
    expect(calls).toEqual([
      { url: "/api/tokens", body: '{"name":"script","scopes":["read"]}' },
      { url: "/api/tokens", body: '{"name":"script","scopes":["read"]}' },
    ]);
    expect(confirmationStore.isAsking()).toBe(false);
  });

  it("fails with the refusal when the dialog is cancelled, and sends nothing more", async () => {
    const calls = answers(refused);
    const stop = answerTheDialog(false);
    const error = await caught(apiRequest("DELETE", "/api/auth/sessions"));
    stop();
    expect(isConfirmRequired(error)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it("asks once for calls refused together, and not for another 403", async () => {
    answers(refused, refused, () => new Response(null, { status: 204 }), () => new Response(null, { status: 204 }));
    let asked = 0;
    const unsubscribe = confirmationStore.subscribe(() => void (confirmationStore.isAsking() && asked++));
    const both = Promise.all([apiRequest("DELETE", "/api/auth/sessions"), apiRequest("DELETE", "/api/auth/sessions")]);
    await vi.waitFor(() => expect(asked).toBe(1));
    confirmationStore.settle(true);
    expect((await both).map((response) => response.status)).toEqual([204, 204]);
    unsubscribe();
    expect(asked).toBe(1);

    answer('{"message":"Topic is locked"}', { status: 403 });
    expect(await caught(apiRequest("POST", "/api/topics/1/posts", { content: "x" }))).toMatchObject({ status: 403, body: { message: "Topic is locked" } });
    expect(confirmationStore.isAsking()).toBe(false);
  });
});
