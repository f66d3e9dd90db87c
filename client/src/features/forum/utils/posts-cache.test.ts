import { describe, expect, it } from "vitest";
import type { Post } from "@shared/types";
import {
  allPosts,
  appendPosts,
  firstPostNumber,
  followsLoadedPosts,
  lastLoadedPostId,
  reachedEnd,
  removePost,
  replacePost,
  setPostReactions,
  toPostsPage,
  type PostPages,
} from "./posts-cache";

function post(id: number, authorId: number, authorPostsCount: number, content = `post ${id}`): Post {
  return {
    id,
    content,
    html: "",
    hidden: false,
    topicId: 1,
    authorId,
    isEdited: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    authorUsername: `user${authorId}`,
    authorAvatar: null,
    authorRole: "member",
    canEdit: false,
    canDelete: false,
    canReact: true,
    authorBlocked: false,
    bookmarked: false,
    viewerFlagged: false,
    reactions: [],
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

  it("keeps the earlier posts of a topic opened part-way loadable when appending to its only page", () => {
    const opened: PostPages = { pages: [{ ...toPostsPage([post(50, 10, 1)], 100), previousBefore: 50 }], pageParams: [undefined] };
    const next = appendPosts(opened, toPostsPage([post(51, 20, 1)], 100));
    expect(ids(next)).toEqual([[50, 51]]);
    expect(next.pages[0]?.previousBefore).toBe(50);
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

  it("changes one post's reactions and leaves the others as they were", () => {
    const liked = [{ reaction: "like" as const, count: 1, reacted: true }];
    const next = setPostReactions(data, 3, () => liked);
    expect(allPosts(next).map((item) => item.reactions)).toEqual([[], [], liked]);
    expect(allPosts(next)[0]).toBe(allPosts(data)[0]);
  });

  describe("numbers", () => {
    const numbered = (id: number, number: number, authorId = 10) => ({ ...post(id, authorId, 5), number });
    /** Opened at post 12: an earlier page (posts 7 and 9, not numbered), the around page (#5-#7), a later page. */
    const opened: PostPages = {
      pages: [
        { posts: [post(7, 20, 1), post(9, 20, 1)], nextAfter: undefined },
        { posts: [numbered(10, 5), numbered(12, 6), numbered(13, 7, 20)], nextAfter: 13, previousBefore: 10 },
        toPostsPage([post(15, 10, 5), post(16, 10, 5)], 2),
      ],
      pageParams: [-10, undefined, 13],
    };
    const numbers = (data: PostPages, startLoaded = false) => {
      const first = firstPostNumber(allPosts(data), startLoaded);
      return allPosts(data).map((item, index) => [item.id, first === undefined ? undefined : first + index]);
    };

    it("counts every loaded post, earlier and later pages too, from the first numbered one", () => {
      expect(numbers(opened)).toEqual([[7, 3], [9, 4], [10, 5], [12, 6], [13, 7], [15, 8], [16, 9]]);
    });

    it("counts from 1 once the topic's first post is loaded, and cannot count without either", () => {
      expect(firstPostNumber(allPosts(opened), true)).toBe(1);
      expect(firstPostNumber(allPosts(data), true)).toBe(1);
      expect(firstPostNumber(allPosts(data), false)).toBeUndefined();
      expect(firstPostNumber([], false)).toBeUndefined();
    });

    it("moves the posts after a deleted one up a number, wherever it was", () => {
      expect(numbers(removePost(opened, 9))).toEqual([[7, 3], [10, 4], [12, 5], [13, 6], [15, 7], [16, 8]]);
      expect(numbers(removePost(opened, 10))).toEqual([[7, 3], [9, 4], [12, 5], [13, 6], [15, 7], [16, 8]]);
      expect(numbers(removePost(opened, 15))).toEqual([[7, 3], [9, 4], [10, 5], [12, 6], [13, 7], [16, 8]]);
      // The numbers stay the server's: each numbered post after the deleted one carries one less.
      expect(allPosts(removePost(opened, 9)).map((item) => item.number)).toEqual([undefined, 4, 5, 6, undefined, undefined]);
    });

    it("keeps an edited post's number", () => {
      const edited = { ...post(12, 10, 5, "changed"), isEdited: true };
      expect(allPosts(replacePost(opened, edited)).find((item) => item.id === 12)).toEqual({ ...edited, number: 6 });
      expect(numbers(replacePost(opened, edited))).toEqual(numbers(opened));
    });

    it("numbers newer posts appended after the last loaded one", () => {
      expect(numbers(appendPosts(opened, toPostsPage([post(17, 30, 1)], 100))).at(-1)).toEqual([17, 10]);
    });

    it("knows a new reply comes right after the loaded posts only from its number", () => {
      const fromStart: PostPages = { pages: [toPostsPage([post(1, 10, 1), post(2, 20, 1)], 20)], pageParams: [undefined] };
      expect(followsLoadedPosts(fromStart, numbered(5, 3))).toBe(true);
      // Someone else's reply came in between, or a loaded post was deleted meanwhile.
      expect(followsLoadedPosts(fromStart, numbered(5, 4))).toBe(false);
      expect(followsLoadedPosts(fromStart, numbered(5, 2))).toBe(false);
      expect(followsLoadedPosts(fromStart, post(5, 10, 2))).toBe(false);
      // Opened part-way: counted from the around page's numbers.
      const partWay: PostPages = { pages: [{ posts: [numbered(10, 5), numbered(12, 6)], nextAfter: undefined, previousBefore: 10 }], pageParams: [undefined] };
      expect(followsLoadedPosts(partWay, numbered(14, 7))).toBe(true);
      expect(followsLoadedPosts(partWay, numbered(14, 8))).toBe(false);
    });
  });
});
