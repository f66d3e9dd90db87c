import { not } from "drizzle-orm";
import { ASSIGNED_INVITE_EXPIRES_IN_DAYS } from "@shared/constants";
import type { Db } from "../db/client";
import { invites, users } from "../db/schema";
import { bannedNow } from "../queries/banned-now";
import { generateInviteCode } from "./create-invite";
import { recordAdminAction } from "./record-admin-action";

/** How many invites a wave sent, and to how many eligible (not banned) members. */
export type InviteWave = { invited: number; eligible: number };

/** One assigned invite for every member who is not banned right now, in one statement, recorded. */
export async function sendInviteWave(db: Db, admin: { id: number; username: string }): Promise<InviteWave> {
  return db.transaction(async (tx) => {
    const eligible = await tx.select({ id: users.id }).from(users).where(not(bannedNow));
    const expiresAt = new Date(Date.now() + ASSIGNED_INVITE_EXPIRES_IN_DAYS * 86_400_000);
    const created = eligible.length
      ? await tx
          .insert(invites)
          .values(eligible.map((member) => ({ code: generateInviteCode(), createdBy: admin.id, assignedTo: member.id, expiresAt })))
          .returning({ id: invites.id })
      : [];
    await recordAdminAction(tx, { action: "invite_wave", admin, details: `${created.length} invites` });
    return { invited: created.length, eligible: eligible.length };
  });
}
