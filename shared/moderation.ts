/** The numbers of docs/product.md "Moderation by the community", shared by server and client. */

/** A moderator's ban ends within this many days; only an administrator bans for longer or for good. */
export const MODERATOR_MAX_BAN_DAYS = 30;

/** A silence lasts whole days. */
export const SILENCE_DAYS = { min: 1, max: 365 } as const;

/** What a new member may create in their first NEW_MEMBER_HOURS (setting; 0 turns the limit off). */
export const NEW_MEMBER_LIMITS = { topics: 3, posts: 20 } as const;
export const NEW_MEMBER_LIMIT_MESSAGE = `New members may create ${NEW_MEMBER_LIMITS.topics} topics and ${NEW_MEMBER_LIMITS.posts} posts in their first day`;

/** Entries per page of the public moderation log. */
export const MODERATION_LOG_PAGE_SIZE = 20;
