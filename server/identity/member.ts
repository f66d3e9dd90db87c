import { sql, type InferSelectModel } from "drizzle-orm";
import { users } from "../db/schema";

/**
 * The columns a request's member is known by, and all the session cache keeps: who they are, whether
 * they administer, and their ban as the banned screen shows it. Anything else a request needs (the
 * profile, counters, presence) it reads where it needs it, so writes of those never touch identity.
 */
export const identityColumns = {
  id: users.id,
  username: users.username,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  isBanned: users.isBanned,
  banReason: users.banReason,
  banExpiresAt: users.banExpiresAt,
  bannedBy: users.bannedBy,
  // A silenced member reads but may not write (policies/silence.ts).
  silencedUntil: users.silencedUntil,
  // REQUIRE_ADMIN_2FA: an administrator without it is refused the admin routes (guards.ts).
  twoFactorEnabled: users.twoFactorEnabled,
  // Never changes; the topic list compares it with topics' dates ("new since you joined").
  createdAt: users.createdAt,
  // The groups the member is in, by id (null: none), for the categories they may read and write
  // (policies/category-access.ts). The built-in staff group is never here: it is the role. Kept exact
  // like the rest: the group commands call identityChanged, a trigger covers writes from outside.
  groupIds: sql<number[] | null>`(SELECT array_agg(gm.group_id ORDER BY gm.group_id) FROM group_members gm WHERE gm.user_id = ${users.id})`,
};

/** The member a request is signed in as (`req.user`). */
export type IdentityMember = Pick<InferSelectModel<typeof users>, Exclude<keyof typeof identityColumns, "groupIds">> & { groupIds: number[] | null };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Passport's req.user is the narrow identity of the member, not their row.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends IdentityMember {}
  }
}
