import { and, desc, eq, getTableColumns, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { profileComments, users } from "../db/schema";
import type { ProfileCommentRow } from "../presenters/profile-comment";
import { authorRoleColumns } from "./author-role";

const commentsWithAuthor = (db: Db) =>
  db
    .select({ ...getTableColumns(profileComments), authorUsername: users.username, authorAvatar: users.avatar, ...authorRoleColumns })
    .from(profileComments)
    .innerJoin(users, eq(users.id, profileComments.authorId));

/** Comments on a profile, newest first; `before` continues below a comment already shown. */
export function listProfileComments(db: Db, profileUserId: number, { limit, before }: { limit: number; before?: number }) {
  return commentsWithAuthor(db)
    .where(and(eq(profileComments.profileUserId, profileUserId), before === undefined ? undefined : lt(profileComments.id, before)))
    .orderBy(desc(profileComments.id))
    .limit(limit);
}

export async function findProfileComment(db: Db, id: number): Promise<ProfileCommentRow | undefined> {
  const [row] = await commentsWithAuthor(db).where(eq(profileComments.id, id));
  return row;
}
