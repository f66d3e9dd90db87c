import { describe, expect, it } from "vitest";
import { profileCommentSchema } from "./comments";
import { postContentSchema, topicPostsQuerySchema } from "./posts";
import { issueMessages } from "./test-utils";
import { createTopicSchema, updateTopicSchema } from "./topics";

describe("createTopicSchema", () => {
  it("requires a trimmed title of at most 255 characters", () => {
    expect(createTopicSchema.parse({ title: "  Hello " })).toEqual({ title: "Hello" });
    expect(issueMessages(createTopicSchema, { title: "   " })).toEqual(["Title required"]);
    expect(createTopicSchema.safeParse({ title: "x".repeat(255) }).success).toBe(true);
    expect(createTopicSchema.safeParse({ title: "x".repeat(256) }).success).toBe(false);
  });

  it("takes an optional description and nothing else", () => {
    expect(createTopicSchema.parse({ title: "t", description: " d " })).toEqual({ title: "t", description: "d" });
    expect(createTopicSchema.safeParse({ title: "t", isPinned: true }).success).toBe(false);
  });
});

describe("updateTopicSchema", () => {
  it("needs at least one flag", () => {
    expect(issueMessages(updateTopicSchema, {})).toEqual(["Nothing to update"]);
    expect(updateTopicSchema.parse({ isLocked: true })).toEqual({ isLocked: true });
  });

  it("rejects other fields", () => {
    expect(updateTopicSchema.safeParse({ isPinned: true, postsCount: 1 }).success).toBe(false);
  });

  it("takes the title, description, category and tags, an empty description clearing it", () => {
    expect(updateTopicSchema.parse({ title: " x ", description: "", categoryId: 2, tags: ["A", "a", "b-1"] })).toEqual({
      title: "x",
      description: null,
      categoryId: 2,
      tags: ["a", "b-1"],
    });
  });
});

describe("postContentSchema", () => {
  it("requires non-blank content of at most 10000 characters", () => {
    expect(issueMessages(postContentSchema, { content: " \n " })).toEqual(["Content required"]);
    expect(postContentSchema.safeParse({ content: "x".repeat(10_000) }).success).toBe(true);
    expect(postContentSchema.safeParse({ content: "x".repeat(10_001) }).success).toBe(false);
  });

  it("rejects unknown fields", () => {
    expect(postContentSchema.safeParse({ content: "hi", isEdited: false }).success).toBe(false);
  });
});

describe("topicPostsQuerySchema", () => {
  it("defaults to 100 posts from the start", () => {
    expect(topicPostsQuerySchema.parse({})).toEqual({ limit: 100 });
  });

  it("coerces the cursor and caps the limit", () => {
    expect(topicPostsQuerySchema.parse({ limit: "20", after: "57" })).toEqual({ limit: 20, after: 57 });
    expect(topicPostsQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(topicPostsQuerySchema.safeParse({ after: "x" }).success).toBe(false);
  });
});

describe("profileCommentSchema", () => {
  it("is 1 to 1000 characters", () => {
    expect(issueMessages(profileCommentSchema, { content: "  " })).toEqual(["Comment cannot be empty"]);
    expect(issueMessages(profileCommentSchema, { content: "x".repeat(1001) })).toEqual(["Comment is too long"]);
    expect(profileCommentSchema.safeParse({ content: "x".repeat(1000) }).success).toBe(true);
  });
});
