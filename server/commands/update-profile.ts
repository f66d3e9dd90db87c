import { eq } from "drizzle-orm";
import type { ProfileUpdateData } from "@shared/schemas/auth";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { wakeMailSchedule } from "./mail-schedule";
import { findOwnAccount } from "../queries/users";
import { claimOwnUpload } from "../uploads/ownership";
import { forumChanged, forumTags } from "../cache/forum-changes";

/**
 * PATCH /api/auth/profile: claims the avatar (one of the member's own uploads) before the field
 * points at it, then writes the fields given; "" clears a field. A new address is unverified until
 * its link is followed. Returns the account as it now is, and whether the address changed.
 */
export async function updateProfile(db: Db, userId: number, changes: ProfileUpdateData) {
  await claimOwnUpload(db, userId, changes.avatar, "avatar");
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value === "" ? null : value]));
  const before = changes.email === undefined ? undefined : await findOwnAccount(db, userId);
  const emailChanged = before !== undefined && (before?.email ?? null) !== values.email;
  if (emailChanged) values.emailVerified = false;
  const [user] = Object.keys(values).length
    ? await db.update(users).set(values).where(eq(users.id, userId)).returning()
    : [await findOwnAccount(db, userId)];
  // The avatar shows beside their topics and posts (committed already: announced after).
  if (changes.avatar !== undefined) await forumChanged(db, [forumTags.member(userId)]);
  // Mail about what is unread already, if the new choice mails at all (the scheduler decides).
  if (changes.emailNotifications !== undefined && changes.emailNotifications !== "never") {
    await wakeMailSchedule(db, userId);
  }
  return { user: user!, emailChanged };
}
