import type { InfiniteData } from "@tanstack/react-query";
import type { Post } from "@shared/types";

/**
 * One fetched page of a topic's posts, oldest first. `nextAfter` is the cursor of the page that
 * follows (the id of the page's last post as fetched, when the page was full), or undefined at the
 * end. It is kept as fetched, so deleting a post from the page changes neither where the next page
 * starts nor whether there is one.
 */
export interface PostsPage {
  posts: Post[];
  nextAfter: number | undefined;
  /** Set when the topic has posts before this page (it was opened at a post): load those before this id. */
  previousBefore?: number;
}

/** The cached pages of a topic's posts, each page asked for after the post id in `pageParams`. */
export type PostPages = InfiniteData<PostsPage, number | undefined>;

/** A page as fetched with `limit`: full means there may be more after its last post. */
export function toPostsPage(posts: Post[], limit: number): PostsPage {
  return { posts, nextAfter: posts.length >= limit ? posts.at(-1)?.id : undefined };
}

function mapPosts(data: PostPages, update: (post: Post) => Post): PostPages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(update) })) };
}

/** Gives every cached post of the authors in `source` the post count of that author's newest post in it. */
function syncAuthorCounts(data: PostPages, source: Post[]): PostPages {
  const counts = new Map(source.map((post) => [post.authorId, post.authorPostsCount]));
  if (counts.size === 0) return data;
  return mapPosts(data, (post) => {
    const count = counts.get(post.authorId);
    return count === undefined || count === post.authorPostsCount ? post : { ...post, authorPostsCount: count };
  });
}

/** Every loaded post, oldest first. */
export function allPosts(data: { pages: PostsPage[] } | undefined): Post[] {
  return data?.pages.flatMap((page) => page.posts) ?? [];
}

/**
 * The number (#1 onward) of the first of the loaded `posts` (allPosts order), undefined while it
 * cannot be known; the others follow on from it. With the topic's first post loaded it is 1. Opened
 * part-way, the posts of the `around` page carry their numbers, and the pages loaded before and after
 * it are numbered by their distance from the first of those.
 */
export function firstPostNumber(posts: Post[], startLoaded: boolean): number | undefined {
  if (startLoaded) return 1;
  const index = posts.findIndex((post) => post.number !== undefined);
  return index === -1 ? undefined : posts[index]!.number! - index;
}

/** Whether every post up to the newest (as of the last fetch) is loaded. */
export function reachedEnd(data: PostPages): boolean {
  return data.pages.length === 0 || data.pages.at(-1)?.nextAfter === undefined;
}

/** The id of the newest loaded post, undefined when none is loaded. */
export function lastLoadedPostId(data: PostPages): number | undefined {
  return allPosts(data).at(-1)?.id;
}

/**
 * Whether `post`, numbered, is the one right after the loaded posts (all of them up to the newest
 * loaded): nobody else posted, and nothing loaded was deleted, in between.
 */
export function followsLoadedPosts(data: PostPages, post: Post): boolean {
  const loaded = allPosts(data);
  const first = firstPostNumber(loaded, data.pages[0]?.previousBefore === undefined);
  return post.number !== undefined && first !== undefined && first + loaded.length === post.number;
}

/**
 * Adds the page fetched after the newest loaded post (the reader had reached the end) to the last
 * page, leaving out posts already there; its cursor becomes the last page's. That page keeps its
 * `previousBefore`: a topic opened part-way on a single page still has its earlier posts to load.
 */
export function appendPosts(data: PostPages, newer: PostsPage): PostPages {
  const known = new Set(allPosts(data).map((post) => post.id));
  const added = newer.posts.filter((post) => !known.has(post.id));
  const last = data.pages.at(-1);
  const pages = last
    ? [...data.pages.slice(0, -1), { ...last, posts: [...last.posts, ...added], nextAfter: newer.nextAfter }]
    : [{ posts: added, nextAfter: newer.nextAfter }];
  const pageParams = data.pageParams.length === 0 ? [undefined] : data.pageParams;
  return syncAuthorCounts({ pages, pageParams }, added);
}

/** Puts an edited post in place of its old version; editing leaves its number (its place) as it was. */
export function replacePost(data: PostPages, updated: Post): PostPages {
  return mapPosts(data, (post) => {
    if (post.id !== updated.id) return post;
    return post.number === undefined ? updated : { ...updated, number: post.number };
  });
}

/** Gives one post its reactions as `change` makes them from what is cached. */
export function setPostReactions(data: PostPages, postId: number, change: (reactions: Post["reactions"]) => Post["reactions"]): PostPages {
  return mapPosts(data, (post) => (post.id === postId ? { ...post, reactions: change(post.reactions) } : post));
}

/**
 * Takes a deleted post out; its author has one post fewer on every other post of theirs, and the
 * numbered posts after it move up a place.
 */
export function removePost(data: PostPages, postId: number): PostPages {
  const removed = allPosts(data).find((post) => post.id === postId);
  if (!removed) return data;
  const pages = data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) }));
  return mapPosts({ ...data, pages }, (post) => {
    let updated = post;
    if (post.authorId === removed.authorId) updated = { ...updated, authorPostsCount: Math.max(0, post.authorPostsCount - 1) };
    if (post.number !== undefined && post.id > postId) updated = { ...updated, number: post.number - 1 };
    return updated;
  });
}
