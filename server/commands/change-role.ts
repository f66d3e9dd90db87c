import { eq } from "drizzle-orm";
import { roleFlags, type Role } from "@shared/roles";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { identityChanged } from "../identity/changes";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { recordModeration } from "./record-moderation";

type Person = { id: number; username: string };

/** Who acts when the operator changes a role from the CLI: named as the site names its own doings. */
export const OPERATOR = { id: null, username: "System" } as const;

/** Gives a member a role (docs/product.md "Moderation by the community"); the public log records it with the new role as its reason. */
export async function changeRole(db: Db, input: { actor: Person | typeof OPERATOR; target: Person; role: Role }) {
  const { actor, target, role } = input;
  await db.transaction(async (tx) => {
    await tx.update(users).set(roleFlags(role)).where(eq(users.id, target.id));
    await identityChanged(tx, target.id);
    // Their staff mark is on every page that shows their name.
    await forumChanged(tx, [forumTags.member(target.id)]);
    await recordModeration(tx, { action: "change_role", moderator: actor, targetType: "member", targetLabel: target.username, reason: `Now ${role}` });
  });
}
