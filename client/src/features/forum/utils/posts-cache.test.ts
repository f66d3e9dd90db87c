import { describe, expect, it } from "vitest";
import type { Post } from "@shared/types";
import { allPosts, appendPosts, lastLoadedPostId, reachedEnd, removePost, replacePost, toPostsPage, type PostPages } from "./posts-cache";

function post(id: number, authorId: number, authorPostsCount: number, content = `post ${id}`): Post {
  return {
    id,
    content,
    mentions: [],
    topicId: 1,
    authorId,
    isEdited: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    authorUsername: `user${authorId}`,
    authorAvatar: null,
    canEdit: false,
    canDelete: false,
    authorPostsCount,
  };
}

const ids = (data: PostPages) => data.pages.map((page) => page.posts.map((item) => item.id));

describe("posts cache", () => {
  // Page size 2: the first page was full, the second is the end.
  const data: PostPages = {
    pages: [toPostsPage([post(1, 10, 2), post(2, 20, 1)], 2), toPostsPage([post(3, 10, 2)], 2)],
    pageParams: [undefined, 2],
  };

  it("gives a full page the cursor of its last post and a short one none", () => {
    expect(data.pages.map((page) => page.nextAfter)).toEqual([2, undefined]);
    expect(reachedEnd(data)).toBe(true);
    expect(reachedEnd({ pages: [data.pages[0]!], pageParams: [undefined] })).toBe(false);
    expect(toPostsPage([], 2)).toEqual({ posts: [], nextAfter: undefined });
  });

  it("finds the newest loaded post, skipping empty pages", () => {
    expect(lastLoadedPostId(data)).toBe(3);
    expect(lastLoadedPostId({ pages: [toPostsPage([post(1, 10, 1)], 1), toPostsPage([], 1)], pageParams: [undefined, 1] })).toBe(1);
    expect(lastLoadedPostId({ pages: [toPostsPage([], 2)], pageParams: [undefined] })).toBeUndefined();
  });

  it("appends newer posts to the last page, skips known ones and updates the authors' counts", () => {
    const next = appendPosts(data, toPostsPage([post(3, 10, 2), post(4, 10, 3), post(5, 30, 1)], 3));
    expect(ids(next)).toEqual([[1, 2], [3, 4, 5]]);
    expect(next.pageParams).toEqual([undefined, 2]);
    expect(next.pages.at(-1)?.nextAfter).toBe(5); // that page was full: more may follow
    expect(allPosts(next).filter((item) => item.authorId === 10).map((item) => item.authorPostsCount)).toEqual([3, 3, 3]);
    expect(next.pages[0]?.posts[1]?.authorPostsCount).toBe(1);
  });

  it("starts the first page of a topic that had no posts", () => {
    expect(ids(appendPosts({ pages: [], pageParams: [] }, toPostsPage([post(1, 10, 1)], 100)))).toEqual([[1]]);
    expect(ids(appendPosts({ pages: [toPostsPage([], 100)], pageParams: [undefined] }, toPostsPage([post(1, 10, 1)], 100)))).toEqual([[1]]);
  });

  it("replaces an edited post where it is", () => {
    const edited = { ...post(2, 20, 1, "changed"), isEdited: true };
    const next = replacePost(data, edited);
    expect(next.pages[0]?.posts[1]).toBe(edited);
    expect(ids(next)).toEqual(ids(data));
  });

  it("removes a deleted post, keeps the page's cursor and lowers its author's count on their other posts", () => {
    const next = removePost(data, 2);
    expect(ids(next)).toEqual([[1], [3]]);
    expect(next.pages[0]?.nextAfter).toBe(2);
    expect(reachedEnd({ pages: [next.pages[0]!], pageParams: [undefined] })).toBe(false);

    const withoutFirst = removePost(data, 1);
    expect(withoutFirst.pages[1]?.posts[0]?.authorPostsCount).toBe(1);
    expect(withoutFirst.pages[0]?.posts[0]?.authorPostsCount).toBe(1); // another author
    expect(removePost(data, 99)).toBe(data);
  });
});
