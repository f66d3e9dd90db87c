// @vitest-environment happy-dom
import { render, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserLink } from "./user-link";

describe("UserLink", () => {
  it("links a member's name and avatar to their profile", () => {
    const { container } = render(<UserLink username="alice" avatar={null} role="moderator" />);
    expect(within(container).getByRole("link").getAttribute("href")).toBe("/user/alice");
    expect(within(container).getByRole("link").textContent).toBe("Aalice");
  });

  it("shows content whose author was deleted as Deleted member: no link, no avatar, no role", () => {
    const { container } = render(<UserLink username={null} avatar="/uploads/old.png" role="admin" />);
    expect(within(container).queryByRole("link")).toBeNull();
    expect(container.textContent).toBe("Deleted member");
    expect(container.querySelector("img")).toBeNull();
  });
});
