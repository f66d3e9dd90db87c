// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Notification } from "@shared/types";
import { stubApi } from "@/test/stub-api";
import { renderWithApp } from "@/test/render";
import { NotificationList } from "./notification-list";

const notice = (changes: Partial<Notification>): Notification => ({
  id: 1,
  type: "moderation",
  createdAt: "2026-12-01T10:00:00.000Z",
  readAt: null,
  actor: null,
  topicId: 31,
  topicTitle: "Holidays",
  postId: 101,
  count: null,
  badgeType: null,
  profileUsername: null,
  moderationAction: "post_hide",
  moderationReason: "spam",
  moderationNote: "No adverts, please",
  ...changes,
});

describe("moderation notices in the list", () => {
  it("come from staff (a shield, no '?' avatar) and say the action, the reason and the note apart", () => {
    stubApi({});
    renderWithApp(<NotificationList notifications={[notice({})]} />);
    const item = screen.getByRole("button");
    expect(item.querySelector('[data-notification-icon="moderation"]')).not.toBeNull();
    expect(item.textContent).not.toContain("?");
    expect(item.textContent).toContain("Staff: ");
    expect(item.textContent).toContain("Your post was hidden by a moderator after flags from the community");
    expect(within(item).getByText("Reason: Spam")).toBeTruthy();
    expect(within(item).getByText("Staff note: “No adverts, please”")).toBeTruthy();
  });

  it("tell a flagger the outcome, and open the content", async () => {
    const calls = stubApi({ "POST /api/notifications/read": { status: 200, body: { unreadCount: 0 } } });
    const { user, location } = renderWithApp(
      <NotificationList notifications={[notice({ id: 2, type: "flag_resolved", moderationAction: "post_keep", moderationReason: "off_topic", moderationNote: null })]} />,
    );
    const item = screen.getByRole("button");
    expect(item.textContent).toContain("Staff reviewed your flag and kept the post");
    expect(within(item).getByText("Reason: Off topic")).toBeTruthy();
    expect(item.textContent).not.toContain("Staff note");
    await user.click(item);
    expect(location()).toBe("/topic/31?post=101");
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ ids: [2] }]));
  });
});
