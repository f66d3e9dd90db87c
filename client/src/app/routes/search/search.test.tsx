// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/test/stub-api";
import { renderWithApp, toastMessages } from "@/test/render";
import { SearchScreen } from "./search";

const NONE = { counts: { posts: 0, topics: 0, members: 0 } };
const searchAt = (q: string, type?: string) => `/search?${new URLSearchParams(type ? { q, type } : { q })}`;

describe("the search screen", () => {
  it("says 'No results' and what matched nothing, with each tab's count", async () => {
    stubApi({ "GET /api/search/counts": { body: NONE }, "GET /api/search": { body: { results: [], nextCursor: null } } });
    renderWithApp(<SearchScreen />, { path: searchAt("nothingmatches", "posts") });

    expect(await screen.findByText("No results")).toBeTruthy();
    expect(screen.getByText("Nothing matches “nothingmatches”.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Results for “nothingmatches”");
    await waitFor(() => expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Posts0"));
    expect(document.title).toBe("Search: nothingmatches | Enclave");
  });

  it("says 'Search failed' in a toast when the server fails, and no 'No results'", async () => {
    stubApi({ "GET /api/search/counts": { body: NONE }, "GET /api/search": { status: 500, body: { message: "Internal server error" } } });
    renderWithApp(<SearchScreen />, { path: searchAt("anything at all", "posts") });

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Search failed", description: "Please try again." }]));
    expect(screen.queryByText("No results")).toBeNull();
  });

  it("opens on the first tab with results when the address names none, and lists them", async () => {
    stubApi({
      "GET /api/search/counts": { body: { counts: { posts: 0, topics: 0, members: 1 } } },
      "GET /api/search": {
        body: { results: [{ id: 12, username: "gardener", avatar: null, isAdmin: true, role: "admin", postsCount: 3 }], nextCursor: null },
      },
    });
    const { location } = renderWithApp(<SearchScreen />, { path: searchAt("garden") });

    const results = await screen.findByRole("list", { name: "Search results" });
    const member = within(results).getByRole("link");
    expect(member.getAttribute("href")).toBe("/user/gardener");
    expect(member.textContent).toBe("GgardenerAdmin3 posts");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Members1");
    expect(location()).toBe(searchAt("garden"));
  });

  it("says why a text cannot be searched, without asking the server", () => {
    stubApi({});
    renderWithApp(<SearchScreen />, { path: searchAt("x".repeat(201)) });
    expect(screen.getByText("Search not possible")).toBeTruthy();
    expect(screen.getByText("Search text must be at most 200 characters")).toBeTruthy();
  });

  it("without a text, says how to search", () => {
    stubApi({});
    renderWithApp(<SearchScreen />, { path: "/search" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Search");
    expect(screen.getByText("Search the community")).toBeTruthy();
  });
});
