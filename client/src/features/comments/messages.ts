// The comments' failure texts (docs/product.md "Messages"): a title, and the server's message or the fallback.

export const FAILED_TO_ADD_COMMENT = "Failed to add comment";
export const CREATE_COMMENT_FALLBACK = "Failed to create comment";
export const FAILED_TO_DELETE_COMMENT = "Failed to delete comment";
export const LOG_IN_TO_COMMENT = "Log in to leave a comment";
