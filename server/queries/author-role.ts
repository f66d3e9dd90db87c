import { users } from "../db/schema";

/** The author's role flags, joined wherever authors are shown: staff are marked next to their name (presenters read them with roleOf). */
export const authorRoleColumns = { authorIsAdmin: users.isAdmin, authorIsModerator: users.isModerator };
/** Null when the author is gone (a left join: content that outlived them, docs/decisions/058). */
export type AuthorRoleRow = { authorIsAdmin: boolean | null; authorIsModerator: boolean | null };
