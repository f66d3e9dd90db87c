import { afterEach, describe, expect, it, vi } from "vitest";
import { getUsers, usersListRetryDelay } from "./get-users";

const okBody = {
  users: [],
  pagination: { currentPage: 1, totalPages: 1, totalUsers: 0, hasPrevPage: false, hasNextPage: false },
  stats: { totalAdmins: 0, totalPosts: 0 },
};

function stubFetch(implementation: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("getUsers", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks for a page of ten with fast=true and returns the answer", async () => {
    const fetchMock = stubFetch(async () => Response.json(okBody));
    await expect(getUsers(3)).resolves.toEqual(okBody);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/users?page=3&limit=10&fast=true");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("fails with the status on a non-OK answer", async () => {
    stubFetch(async () => new Response("nope", { status: 503 }));
    await expect(getUsers(1)).rejects.toThrow("HTTP error! status: 503");
  });

  it("fails with 'Invalid response format' without a users array", async () => {
    stubFetch(async () => Response.json({ users: "x" }));
    await expect(getUsers(1)).rejects.toThrow("Invalid response format");
    stubFetch(async () => new Response("<html>", { status: 200 }));
    await expect(getUsers(1)).rejects.toThrow("Invalid response format");
  });

  it("gives up after the timeout with the timeout message", async () => {
    vi.useFakeTimers();
    stubFetch(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const result = getUsers(1);
    const assertion = expect(result).rejects.toThrow("Request timeout - server may be slow");
    await vi.advanceTimersByTimeAsync(10_000);
    await assertion;
  });

  it("passes a cancellation through as an abort, not as a timeout", async () => {
    stubFetch(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const controller = new AbortController();
    const result = getUsers(1, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("usersListRetryDelay", () => {
  it("starts at 1 s and doubles up to 5 s", () => {
    expect([0, 1, 2, 3, 4].map(usersListRetryDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
