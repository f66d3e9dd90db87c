import { eq } from "drizzle-orm";
import { changesEmail } from "@shared/policies/fresh-confirmation";
import type { ProfileUpdateData } from "@shared/schemas/auth";
import type { Db } from "../db/client";
import { emailTokens, users } from "../db/schema";
import { sessionUserColumns } from "../auth/session-user";
import { newMailedToken } from "./mailed-token";
import type { Mail, MailQueue } from "./mail-outbox";
import { wakeMailSchedule } from "./mail-schedule";
import { findOwnAccount } from "../queries/users";
import { claimOwnUpload } from "../uploads/ownership";
import { forumChanged, forumTags } from "../cache/forum-changes";

/**
 * PATCH /api/auth/profile: claims the avatar (one of the member's own uploads) before the field
 * points at it, then writes the fields given; "" clears a field. A new address is unverified until
 * its link is followed. Returns the account as it now is, and whether the address changed.
 *
 * Changing a verified address mails the old one, in the transaction that changes it, a notice with
 * a link to reset the password (docs/product.md "Sensitive changes need a fresh confirmation"): from
 * now on resets go to the new address, so the old owner's way back is in that mail.
 */
/** The notice to the old address (server/mail/templates.ts writes it). */
export type EmailChangedNotice = (change: { username: string; newEmail: string | null; at: Date; resetToken: string }) => Omit<Mail, "to">;

export async function updateProfile(db: Db, userId: number, changes: ProfileUpdateData, mail: { mailer: MailQueue; notice: EmailChangedNotice }) {
  await claimOwnUpload(db, userId, changes.avatar, "avatar");
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value === "" ? null : value]));
  const { user, emailChanged } = Object.keys(values).length
    ? await db.transaction(async (tx) => {
        // Locked, so two changes at once each see the address the other left.
        const [before] = changes.email === undefined ? [] : await tx.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).for("no key update");
        const emailChanged = before !== undefined && changesEmail(before.email, changes.email);
        if (emailChanged) values.emailVerified = false;
        const [updated] = await tx.update(users).set(values).where(eq(users.id, userId)).returning(sessionUserColumns);
        if (emailChanged && before?.email && before.emailVerified && updated) {
          const { token, tokenHash } = newMailedToken();
          await tx.insert(emailTokens).values({ userId, purpose: "reset", tokenHash, email: before.email });
          const notice = mail.notice({ username: updated.username, newEmail: updated.email, at: new Date(), resetToken: token });
          await mail.mailer.queue(tx, { to: before.email, ...notice });
        }
        return { user: updated, emailChanged };
      })
    : { user: await findOwnAccount(db, userId), emailChanged: false };
  // The avatar shows beside their topics and posts (committed already: announced after).
  if (changes.avatar !== undefined) await forumChanged(db, [forumTags.member(userId)]);
  // Mail about what is unread already, if the new choice mails at all (the scheduler decides).
  if (changes.emailNotifications !== undefined && changes.emailNotifications !== "never") {
    await wakeMailSchedule(db, userId);
  }
  return { user: user!, emailChanged };
}
