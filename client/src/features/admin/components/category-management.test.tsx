// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { categoriesQueryKey } from "@/lib/query-keys";
import { category } from "@/test/fixtures";
import { stubApi } from "@/test/stub-api";
import { renderWithApp, toastMessages } from "@/test/render";
import { CategoryManagement } from "./category-management";

const GENERAL = category();
const EVENTS = category({ id: 4, name: "Events", slug: "events", color: "#be123c", position: 2 });

describe("the categories section (admin)", () => {
  it("moves a category up without a toast: the list shows the new order", async () => {
    const moved = [{ ...EVENTS, position: 1 }, { ...GENERAL, position: 2 }];
    const calls = stubApi({
      "PATCH /api/admin/categories/4": { body: moved[0] },
      "GET /api/categories": { body: { categories: moved } },
    });
    const { user } = renderWithApp(<CategoryManagement />, { path: "/admin", seed: [[categoriesQueryKey, { categories: [GENERAL, EVENTS] }]] });
    await user.click(screen.getByRole("button", { name: "Move Events up" }));

    await waitFor(() => expect(calls.filter((call) => call.method === "GET")).toHaveLength(1));
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ position: 1 });
    expect(toastMessages()).toEqual([]);
  });
});
