// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReviewItem } from "@shared/types";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { renderWithApp, toastMessages } from "@/test/render";
import { ReviewItemCard } from "./review-item-card";
import { ReviewDecisionDialog } from "./review-decision-dialog";

const ITEM: ReviewItem = {
  id: 5,
  targetType: "post",
  targetId: 101,
  target: { excerpt: "Cheap watches", authorUsername: "bob", url: "/topic/31?post=101" },
  flags: [
    { reason: "spam", note: null, byUsername: "carol", createdAt: "2026-12-01T10:00:00.000Z" },
    { reason: "other", note: "An advert", byUsername: "dave", createdAt: "2026-12-01T11:00:00.000Z" },
    { reason: "spam", note: null, byUsername: "erin", createdAt: "2026-12-01T12:00:00.000Z" },
  ],
  status: "pending",
  createdAt: "2026-12-01T10:00:00.000Z",
  action: null,
  note: null,
  resolvedAt: null,
};

function renderCard(answer?: StubbedAnswer, item: ReviewItem = ITEM) {
  const calls = stubApi(answer ? { "POST /api/review/5": answer } : {});
  const rendered = renderWithApp(<ReviewItemCard item={item} />, { path: "/review" });
  return { ...rendered, sent: () => calls.filter((call) => call.method === "POST").map((call) => call.body) };
}

const button = (name: string) => within(document.querySelector("[data-review-item]") as HTMLElement).getByRole("button", { name });
const dialog = (name: string) => screen.getByRole("dialog", { name });

describe("a review item's destructive actions", () => {
  it("Delete sends nothing until confirmed: the dialog says it cannot be undone and what the author and flaggers are told", async () => {
    const { user, sent } = renderCard();
    await user.type(screen.getByLabelText(/^Note/), "Selling watches");
    await user.click(button("Delete"));

    const asked = dialog("Delete this post?");
    expect(asked.textContent).toContain("The post is deleted for everyone. This cannot be undone.");
    expect(within(asked).getByTestId("notice-preview").textContent).toBe(
      "Your post was removed by a moderator after flags from the community (reason: Spam). Staff note: “Selling watches”",
    );
    expect(asked.textContent).toContain("@bob is told:");
    expect(asked.textContent).toContain("The 3 members who flagged it are told staff agreed.");
    expect(within(asked).getByRole("button", { name: "Delete post" })).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it("Cancel closes the dialog and sends nothing", async () => {
    const { user, sent } = renderCard();
    await user.click(button("Hide"));
    await user.click(within(dialog("Hide this post?")).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent()).toEqual([]);
  });

  it("confirming says 'Deleting...' with every button disabled, then closes with a toast", async () => {
    const answer = gate();
    const { user, sent } = renderCard({ status: 200, body: { pendingCount: 0 }, until: answer.promise });
    await user.click(button("Delete"));
    await user.click(within(dialog("Delete this post?")).getByRole("button", { name: "Delete post" }));

    expect(await within(dialog("Delete this post?")).findByRole("button", { name: "Deleting..." })).toHaveProperty("disabled", true);
    expect(within(dialog("Delete this post?")).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(sent()).toEqual([{ action: "delete" }]);
    answer.open();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toastMessages()).toEqual([{ title: "Deleted", description: "Post by bob" }]);
  });

  it("a refusal is said in the dialog, which stays open to try again", async () => {
    const { user } = renderCard({ status: 409, body: { message: "This item is already resolved" } });
    await user.click(button("Hide"));
    await user.click(within(dialog("Hide this post?")).getByRole("button", { name: "Hide post" }));

    expect((await within(dialog("Hide this post?")).findByRole("alert")).textContent).toBe("This item is already resolved");
    expect(within(dialog("Hide this post?")).getByRole("button", { name: "Hide post" })).toHaveProperty("disabled", false);
    expect(toastMessages()).toEqual([]);
  });

  it("Keep acts at once: it hides nothing and deletes nothing", async () => {
    const { user, sent } = renderCard({ status: 200, body: { pendingCount: 0 } });
    await user.click(button("Keep"));

    await waitFor(() => expect(sent()).toEqual([{ action: "keep" }]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the review decision dialog", () => {
  const props = { note: "", pending: false, error: null, onConfirm: () => {}, onClose: () => {} };

  it("is closed while no action is asked", () => {
    renderWithApp(<ReviewDecisionDialog item={ITEM} action={null} {...props} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says what hiding does, and the notice without a note when none was written", () => {
    renderWithApp(<ReviewDecisionDialog item={ITEM} action="hide" {...props} />);
    const asked = dialog("Hide this post?");
    expect(asked.textContent).toContain("The post stays hidden from everyone but its author and staff.");
    expect(within(asked).getByTestId("notice-preview").textContent).toBe("Your post was hidden by a moderator after flags from the community (reason: Spam)");
  });

  it("says that deleting an opener deletes the whole topic, and a card's stays hidden", () => {
    const { unmount } = renderWithApp(<ReviewDecisionDialog item={{ ...ITEM, targetType: "topic", flags: [ITEM.flags[0]!] }} action="delete" {...props} />);
    const asked = dialog("Delete this topic?");
    expect(asked.textContent).toContain("The whole topic is deleted, with every reply in it. This cannot be undone.");
    expect(asked.textContent).toContain("The member who flagged it is told staff agreed.");
    unmount();
    renderWithApp(<ReviewDecisionDialog item={{ ...ITEM, targetType: "card", targetId: "bob" }} action="delete" {...props} />);
    expect(dialog("Delete this bio card?").textContent).toContain("A card cannot be deleted by staff: it stays hidden");
  });

  it("names no author for content that outlived its author", () => {
    renderWithApp(<ReviewDecisionDialog item={{ ...ITEM, target: { ...ITEM.target, authorUsername: null } }} action="hide" {...props} />);
    expect(screen.queryByTestId("notice-preview")).toBeNull();
  });
});
