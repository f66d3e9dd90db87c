// Query keys that more than one feature reads or refreshes. Keys used by one feature stay in it.

/** The signed-in member (GET /api/auth/user); account changes put their answer here. */
export const currentUserQueryKey = ["/api/auth/user"] as const;

/**
 * First element of every read under /api/users: the members list, profiles and what hangs off a
 * profile (activity, badges, comments). Invalidating `[usersQueryKeyRoot]` refreshes them all.
 */
export const usersQueryKeyRoot = "/api/users";

/** First element of every forum read (topic lists, topics, their posts): category changes refresh them all. */
export const forumQueryKeyRoot = "/api/topics";
/** One topic; also the prefix of its posts' key, so invalidating it refreshes both. */
export const topicQueryKey = (topicId: number) => [forumQueryKeyRoot, topicId] as const;
/** The prefix of every cached topic list (one per view: tab, period, category, tag). */
export const topicListQueryKey = [forumQueryKeyRoot, "list"] as const;

/** The prefix of every cached GET /api/tags read: writing a topic refreshes them (kept here, so the topic page need not load the tag box's code). */
export const tagsQueryKey = ["/api/tags"] as const;

/** GET /api/categories: the forum shows them, the admin panel changes them. */
export const categoriesQueryKey = ["/api/categories"] as const;
