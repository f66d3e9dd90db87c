// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FLAG_ALREADY_OPEN } from "@shared/flags";
import { stubApi, type StubbedAnswer } from "@/test/stub-api";
import { renderWithApp } from "@/test/render";
import { FlagButton } from "./flag-button";

function renderButton(flagged: boolean, answer?: StubbedAnswer) {
  const calls = stubApi(answer ? { "POST /api/flags": answer } : {});
  const rendered = renderWithApp(<FlagButton targetType="post" targetId={101} flagged={flagged} />, { path: "/topic/31" });
  return { ...rendered, sent: () => calls.filter((call) => call.method === "POST") };
}

describe("the flag button", () => {
  it("reads 'Flagged', disabled, for a target the viewer's open flag is on: no second flag is offered", () => {
    renderButton(true);
    const flagged = screen.getByRole("button", { name: "Flagged" });
    expect(flagged).toHaveProperty("disabled", true);
    expect(flagged.getAttribute("title")).toBe("You flagged this post; staff will review it");
    expect(screen.queryByRole("button", { name: "Flag post" })).toBeNull();
  });

  it("reads 'Flagged' once the viewer flags it", async () => {
    const { user } = renderButton(false, { status: 201, body: { id: 1, reviewItemId: 1 } });
    await user.click(screen.getByRole("button", { name: "Flag post" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Flag this post" }, { timeout: 10_000 })).getByRole("button", { name: "Flag" }));

    expect(await screen.findByRole("button", { name: "Flagged" })).toHaveProperty("disabled", true);
  });

  it("reads 'Flagged' when the server says the flag is already open (409), with no error shown", async () => {
    const { user } = renderButton(false, { status: 409, body: { message: FLAG_ALREADY_OPEN } });
    await user.click(screen.getByRole("button", { name: "Flag post" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Flag this post" }, { timeout: 10_000 })).getByRole("button", { name: "Flag" }));

    expect(await screen.findByRole("button", { name: "Flagged" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers Flag again once staff decided (the answer read again no longer says flagged)", () => {
    const { rerender } = renderButton(true);
    rerender(<FlagButton targetType="post" targetId={101} flagged={false} />);
    expect(screen.getByRole("button", { name: "Flag post" })).toBeTruthy();
  });
});
