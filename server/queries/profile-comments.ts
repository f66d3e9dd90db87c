import { and, desc, eq, getTableColumns, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { profileComments, users } from "../db/schema";
import type { ProfileCommentRow } from "../presenters/profile-comment";
import { authorRoleColumns } from "./author-role";
import { liveMember } from "./live-member";

const commentsWithAuthor = (db: Db) =>
  db
    .select({ ...getTableColumns(profileComments), authorUsername: users.username, authorAvatar: users.avatar, ...authorRoleColumns })
    .from(profileComments)
    // Left: a comment that outlived its author has none ("Deleted member", docs/decisions/058).
    .leftJoin(users, eq(users.id, profileComments.authorId));

/** Comments on a profile, newest first; `before` continues below a comment already shown. */
export function listProfileComments(db: Db, profileUserId: number, { limit, before }: { limit: number; before?: number }) {
  return commentsWithAuthor(db)
    .where(and(eq(profileComments.profileUserId, profileUserId), before === undefined ? undefined : lt(profileComments.id, before), liveMember))
    .orderBy(desc(profileComments.id))
    .limit(limit);
}

export async function findProfileComment(db: Db, id: number): Promise<ProfileCommentRow | undefined> {
  const [row] = await commentsWithAuthor(db).where(and(eq(profileComments.id, id), liveMember));
  return row;
}
