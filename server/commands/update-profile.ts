import { eq } from "drizzle-orm";
import type { ProfileUpdateData } from "@shared/schemas/auth";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { findOwnAccount } from "../queries/users";
import { claimOwnUpload } from "../uploads/ownership";
import { forumChanged, forumTags } from "../cache/forum-changes";

/**
 * PATCH /api/auth/profile: claims the avatar (one of the member's own uploads) before the field
 * points at it, then writes the fields given; "" clears a field. Returns the account as it now is.
 */
export async function updateProfile(db: Db, userId: number, changes: ProfileUpdateData) {
  await claimOwnUpload(db, userId, changes.avatar, "avatar");
  const values = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value === "" ? null : value]));
  const [user] = Object.keys(values).length
    ? await db.update(users).set(values).where(eq(users.id, userId)).returning()
    : [await findOwnAccount(db, userId)];
  // The avatar shows beside their topics and posts (committed already: announced after).
  if (changes.avatar !== undefined) await forumChanged(db, [forumTags.member(userId)]);
  return user!;
}
