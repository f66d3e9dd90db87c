import { describe, expect, it } from "vitest";
import { parseTopicListView, topicListApiQuery, topicListHref } from "./topic-list-params";

describe("parseTopicListView", () => {
  it("reads the tab, period, category and tag from the query", () => {
    expect(parseTopicListView("?filter=top&period=week&category=help&tag=Rust")).toEqual({
      filter: "top",
      period: "week",
      category: "help",
      tag: "rust",
    });
  });

  it("falls back to Latest and a month for values it does not know", () => {
    expect(parseTopicListView("?filter=hot&period=decade")).toEqual({ filter: "latest", period: "month" });
  });

  it("takes the category or tag from the path of /c/{slug} and /tag/{name}", () => {
    expect(parseTopicListView("?filter=new&category=other", { category: "help" })).toMatchObject({ filter: "new", category: "help" });
    expect(parseTopicListView("", { tag: "rust" })).toEqual({ filter: "latest", period: "month", tag: "rust" });
  });
});

describe("topicListHref", () => {
  it("gives the forum for the default view", () => {
    expect(topicListHref({ filter: "latest", period: "month" })).toBe("/forum");
  });

  it("keeps the period only on Top, and only when it is not the default", () => {
    expect(topicListHref({ filter: "top", period: "month" })).toBe("/forum?filter=top");
    expect(topicListHref({ filter: "top", period: "year" })).toBe("/forum?filter=top&period=year");
    expect(topicListHref({ filter: "new", period: "year" })).toBe("/forum?filter=new");
  });

  it("puts a category in the path, with a tag in the query; a tag alone in the path", () => {
    expect(topicListHref({ filter: "unread", period: "month", category: "help", tag: "rust" })).toBe("/c/help?filter=unread&tag=rust");
    expect(topicListHref({ filter: "latest", period: "month", tag: "rust" })).toBe("/tag/rust");
  });

  it("reads back as the same view", () => {
    const view = { filter: "top", period: "day", category: "show-tell", tag: "c99" } as const;
    const [path, query = ""] = topicListHref(view).split("?");
    expect(parseTopicListView(query, { category: path!.split("/")[2] })).toEqual(view);
  });
});

describe("topicListApiQuery", () => {
  it("asks for the view's filter, period (Top only), category, tag and page", () => {
    expect(topicListApiQuery({ filter: "top", period: "week", category: "help", tag: "rust" }, { limit: 20, after: 7 }).toString()).toBe(
      "limit=20&filter=top&period=week&category=help&tag=rust&after=7",
    );
    expect(topicListApiQuery({ filter: "latest", period: "week" }, { limit: 20 }).toString()).toBe("limit=20&filter=latest");
  });
});
