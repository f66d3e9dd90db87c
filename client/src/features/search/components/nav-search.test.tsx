// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/test/stub-api";
import { renderWithApp } from "@/test/render";
import { NavSearch } from "./nav-search";

const box = () => screen.getByRole("searchbox", { name: "Search" });

describe("the navigation's search box", () => {
  it("goes to /search with the text trimmed, naming no tab", async () => {
    stubApi({});
    const { user, location } = renderWithApp(<NavSearch />, { path: "/forum" });
    await user.type(box(), "  raised beds {Enter}");
    expect(location()).toBe("/search?q=raised+beds");
  });

  it("goes nowhere with a blank text", async () => {
    stubApi({});
    const { user, location } = renderWithApp(<NavSearch />, { path: "/forum" });
    await user.type(box(), "   {Enter}");
    expect(location()).toBe("/forum");
  });

  it("holds the text of the search shown on /search, and nothing elsewhere", () => {
    stubApi({});
    renderWithApp(<NavSearch />, { path: "/search?q=tomatoes&type=topics" });
    expect(box()).toHaveProperty("value", "tomatoes");
  });
});
