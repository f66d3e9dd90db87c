import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { identityChanged } from "../identity/changes";
import { recordModeration } from "./record-moderation";

type Person = { id: number; username: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Silences a member for `days` from now (docs/product.md "Moderation by the community"); a new silence replaces one in force. */
export async function silenceUser(db: Db, input: { actor: Person; target: Person; days: number; reason: string }) {
  const { actor, target, days, reason } = input;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ silencedUntil: new Date(Date.now() + days * DAY_MS), silenceReason: reason, silencedBy: actor.id })
      .where(eq(users.id, target.id));
    // Every process's cached identity sees it at once (the writer guard reads it).
    await identityChanged(tx, target.id);
    await recordModeration(tx, { action: "silence", moderator: actor, targetType: "member", targetLabel: target.username, reason: `${reason} (${days} days)` });
  });
}

export async function unsilenceUser(db: Db, input: { actor: Person; target: Person }) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ silencedUntil: null, silenceReason: null, silencedBy: null }).where(eq(users.id, input.target.id));
    await identityChanged(tx, input.target.id);
    await recordModeration(tx, { action: "unsilence", moderator: input.actor, targetType: "member", targetLabel: input.target.username });
  });
}
