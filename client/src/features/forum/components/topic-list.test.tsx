// @vitest-environment happy-dom
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TopicListItem } from "@shared/types";
import { liveTopics } from "@/lib/live-topics";
import { topic } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { parseTopicListView } from "../utils/topic-list-params";
import { TopicList } from "./topic-list";

const listItem = (changes: Partial<TopicListItem>): TopicListItem => ({ ...topic(), unreadCount: 0, isNew: false, notificationLevel: "tracking", ...changes });
const event = (topicId: number, name: "topic_created" | "topic_bumped" | "post_created") =>
  act(() => liveTopics.deliver({ type: "topic_event", topicId, event: name, lastPostNumber: 1 }));

describe("the topic list, live", () => {
  it("counts topics started or replied to meanwhile instead of moving, and shows them on 'show'", async () => {
    let answer = [listItem({ id: 1, title: "Older" })];
    const calls = stubApi({ "GET /api/topics": () => ({ body: answer }), "GET /api/categories": { body: [] } });
    const { user } = renderWithApp(<TopicList view={parseTopicListView("", {})} />, { path: "/forum" });
    expect(await screen.findByText("Older")).toBeTruthy();

    event(2, "topic_created");
    event(1, "topic_bumped");
    event(2, "topic_bumped"); // the same topic again
    event(3, "post_created"); // the list hears no post events
    const notice = await screen.findByRole("button", { name: "2 new topics — show" });
    expect(screen.getAllByRole("listitem")).toHaveLength(1);

    answer = [listItem({ id: 2, title: "Newer" }), listItem({ id: 1, title: "Older" })];
    await user.click(notice);
    expect(await screen.findByText("Newer")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /new topics? — show/ })).toBeNull();
    await waitFor(() => expect(calls.filter((call) => call.path === "/api/topics")).toHaveLength(2));

    event(5, "topic_created");
    expect(await screen.findByRole("button", { name: "1 new topic — show" })).toBeTruthy();
  });
});
