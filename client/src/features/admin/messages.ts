// The admin panel's texts as docs/product.md "Messages" writes them.

export const FAILED_TO_FETCH_USERS = "Failed to fetch users";
export const FAILED_TO_FETCH_INVITES = "Failed to fetch invites";
export const FAILED_TO_CREATE_INVITE = "Failed to create invite";
export const FAILED_TO_CREATE_INVITE_WAVE = "Failed to create invite wave";
export const FAILED_TO_PURGE_EXPIRED_INVITES = "Failed to purge expired invites";
export const FAILED_TO_PURGE_ACTIVE_INVITES = "Failed to purge active invites";
export const FAILED_TO_DELETE_INVITE = "Failed to delete invite";
export const FAILED_TO_BAN_USER = "Failed to ban user";
export const FAILED_TO_UNBAN_USER = "Failed to unban user";
export const FAILED_TO_DELETE_USER = "Failed to delete user";
export const FAILED_TO_GRANT_BADGE = "Failed to grant badge";
export const FAILED_TO_REMOVE_BADGE = "Failed to remove badge";
export const FAILED_TO_FETCH_BADGES = "Failed to fetch badges";

/** User delete: the description when the failure carries no HTTP status (e.g. the network failed). */
export const DELETE_USER_FALLBACK = "Database operation failed";
/** User delete answered 404. */
export const DELETE_USER_NOT_FOUND = "User not found - they may have already been deleted";
export const FAILED_TO_SILENCE_USER = "Failed to silence user";
export const FAILED_TO_UNSILENCE_USER = "Failed to lift the silence";
export const FAILED_TO_CHANGE_ROLE = "Failed to change role";
export const FAILED_TO_FETCH_MEMBER_INVITES = "Failed to fetch invites";
