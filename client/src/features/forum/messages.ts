// The forum's toast texts, as docs/product.md "Messages" writes them.

export const FAILED_TO_CREATE_TOPIC = "Failed to create topic";
export const FAILED_TO_DELETE_TOPIC = "Failed to delete topic";
export const DELETE_TOPIC_FALLBACK = "An error occurred while deleting the topic";
/** Pin/lock failures: the spec names none, so this follows its pattern. */
export const FAILED_TO_UPDATE_TOPIC = "Failed to update topic";
export const FAILED_TO_CREATE_POST = "Failed to create post";
export const FAILED_TO_UPDATE_POST = "Failed to update post";
export const FAILED_TO_DELETE_POST = "Failed to delete post";
/** A reaction the server refused (given or taken back): the spec names none, so this follows its pattern. */
export const FAILED_TO_REACT = "Failed to update reaction";

export const TOPIC_NOT_FOUND = "Topic not found";
export const TOPIC_DELETED = "This topic was deleted";
export const TOPIC_LOCKED_LABEL = "Topic Locked:";
export const TOPIC_LOCKED_TEXT = "This topic has been locked and no new replies can be added.";

/** Bookmarks (docs/product.md "Bookmarks and reminders"): the spec names no failure texts, so these follow the pattern. */
export const FAILED_TO_BOOKMARK = "Failed to update bookmark";
export const BOOKMARKED = "Bookmarked";
export const BOOKMARK_REMOVED = "Bookmark removed";
