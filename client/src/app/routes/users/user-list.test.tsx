// @vitest-environment happy-dom
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAGE_SIZE } from "@shared/constants";
import type { UsersListResponse } from "@shared/types";
import { stubApi } from "@/test/stub-api";
import { renderWithApp } from "@/test/render";
import { UserListScreen } from "./user-list";

const PAGE: UsersListResponse = {
  users: Array.from({ length: PAGE_SIZE }, (_, index) => ({
    id: index + 1,
    username: `member${index + 1}`,
    avatar: null,
    isAdmin: false,
    role: "member" as const,
    postsCount: index,
    createdAt: "2025-01-01T00:00:00.000Z",
    invitedByUsername: null,
    hasBio: false,
  })),
  pagination: { currentPage: 1, totalPages: 3, totalUsers: 25, hasPrevPage: false, hasNextPage: true },
  stats: { totalAdmins: 1, totalPosts: 45 },
};

/**
 * Moves the faked clock on by `ms`, 100 ms at a time, letting the real work in between (a fetch's
 * answer being read) run: the list's retries wait 1, 2 and 4 s, which the test does not sit through.
 */
async function runFor(ms: number) {
  for (let passed = 0; passed < ms; passed += 100) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(100);
    });
  }
}

describe("the members list (/userlist)", () => {
  afterEach(() => vi.useRealTimers());

  it("lists a page of members with the count and the community's totals", async () => {
    stubApi({ "GET /api/users": { body: PAGE } });
    renderWithApp(<UserListScreen />, { path: "/userlist" });

    const rows = within(await screen.findByRole("list", { name: "Members" })).getAllByRole("listitem");
    expect(rows).toHaveLength(PAGE_SIZE);
    expect(screen.getByText("25 members in the community")).toBeTruthy();
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    const totals = within(screen.getByRole("region", { name: "Community statistics" })).getAllByRole("definition");
    expect(totals.map((total) => total.textContent)).toEqual(["25", "1", "45"]);
  });

  it("says 'No users found' for a page without members", async () => {
    stubApi({ "GET /api/users": { body: { ...PAGE, users: [], pagination: { ...PAGE.pagination, currentPage: 4 } } } });
    renderWithApp(<UserListScreen />, { path: "/userlist?page=4" });
    expect(await screen.findByText("No users found")).toBeTruthy();
    expect(screen.getByText("There is nobody on this page.")).toBeTruthy();
  });

  it("after three retries, 1, 2 and 4 s apart, says 'Failed to load users' with the status; Try Again loads the list", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    let failing = true;
    const readAt: number[] = [];
    stubApi({
      "GET /api/users": () => {
        readAt.push(Date.now());
        return failing ? { status: 500, body: "boom" } : { body: PAGE };
      },
    });
    renderWithApp(<UserListScreen />, { path: "/userlist" });

    await runFor(7_500);
    expect(readAt.slice(1).map((time, index) => time - readAt[index]!)).toEqual([1_000, 2_000, 4_000]);
    expect(screen.getByRole("alert").textContent).toBe("Failed to load usersHTTP error! status: 500Try Again");
    vi.useRealTimers();

    failing = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try Again" }));
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).getAllByRole("listitem")).toHaveLength(PAGE_SIZE);
    expect(screen.queryByText("Failed to load users")).toBeNull();
  });

  it("says 'Invalid response format' for an answer without members", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    stubApi({ "GET /api/users": { body: { message: "not a list" } } });
    renderWithApp(<UserListScreen />, { path: "/userlist" });

    await runFor(7_500);
    expect(screen.getByRole("alert").textContent).toContain("Invalid response format");
  });
});
