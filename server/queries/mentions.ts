import { and, inArray } from "drizzle-orm";
import { mentionedUsernames } from "@shared/mentions";
import type { Db } from "../db/client";
import { lower } from "../db/schema/columns";
import { users } from "../db/schema";
import { liveMember } from "./live-member";

/** Members named with `@username`: lower-cased name → the username as the member spells it. */
export type MentionedMembers = ReadonlyMap<string, string>;

/**
 * The existing members that any of the texts name (a page of posts or comments at once: one query
 * on the lower(username) index, not one per text).
 */
export async function findMentionedMembers(db: Pick<Db, "select">, texts: string[]): Promise<MentionedMembers> {
  const names = [...new Set(texts.flatMap(mentionedUsernames))];
  if (names.length === 0) return new Map();
  const rows = await db.select({ username: users.username }).from(users).where(and(inArray(lower(users.username), names), liveMember));
  return new Map(rows.map(({ username }) => [username.toLowerCase(), username]));
}
