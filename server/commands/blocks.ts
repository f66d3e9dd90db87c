import { sql } from "drizzle-orm";
import { forumChanged, forumTags } from "../cache/forum-changes";
import type { Db } from "../db/client";
import { badRequest, notFound } from "../errors";
import { canBlock } from "../policies/conversation";
import { findMembersByName } from "../queries/conversations";

/** The live member of that name, 404 otherwise. */
async function namedMember(db: Db, username: string) {
  const [target] = await findMembersByName(db, [username], 0);
  if (!target) throw notFound("User not found");
  return target;
}

/** PUT /api/blocks/{username}: idempotent; nobody blocks themselves (400). */
export async function blockMember(db: Db, blocker: { id: number }, username: string): Promise<void> {
  const target = await namedMember(db, username);
  if (!canBlock(blocker, target)) throw badRequest("You cannot block yourself");
  await db.transaction(async (tx) => {
    const added = await tx.execute(sql`INSERT INTO member_blockings (blocker_id, blocked_id) VALUES (${blocker.id}, ${target.id}) ON CONFLICT DO NOTHING RETURNING 1`);
    // Kept posts pages hold who blocked their authors (docs/decisions/067): told with the block, at its commit.
    if (added.rows.length > 0) await forumChanged(tx, [forumTags.member(target.id)]);
  });
}

/** DELETE /api/blocks/{username}: idempotent. */
export async function unblockMember(db: Db, blocker: { id: number }, username: string): Promise<void> {
  const target = await namedMember(db, username);
  await db.transaction(async (tx) => {
    const removed = await tx.execute(sql`DELETE FROM member_blockings WHERE blocker_id = ${blocker.id} AND blocked_id = ${target.id} RETURNING 1`);
    if (removed.rows.length > 0) await forumChanged(tx, [forumTags.member(target.id)]);
  });
}
