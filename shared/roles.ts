/**
 * Roles (docs/product.md "Moderation by the community"). Staff are moderators and administrators;
 * what each may do is decided by server/policies, never by comparing role names elsewhere.
 */
export const ROLES = ["member", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Stored as two flags (`is_admin` predates roles and stays in every answer); this is the one reading of them. */
export const roleOf = (member: { isAdmin: boolean | null; isModerator: boolean | null }): Role =>
  member.isAdmin ? "admin" : member.isModerator ? "moderator" : "member";

/** What each role's flags are when a role is given. */
export const roleFlags = (role: Role) => ({ isAdmin: role === "admin", isModerator: role === "moderator" });
