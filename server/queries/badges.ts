import { asc, count, eq, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AUTOMATIC_BADGE_RULES, type BadgeType } from "@shared/constants";
import type { Db } from "../db/client";
import { preparedQuery, sqlInteger } from "../db/prepared";
import { posts, userBadges, users } from "../db/schema";

const granter = alias(users, "granter");
const DAY_MS = 86_400_000;

type Member = { id: number; createdAt: Date; postsCount: number };

export type BadgeRow = { badgeType: BadgeType; grantedAt: Date; grantedByUsername: string | null; automatic: boolean };

/**
 * Granted badges plus the automatic ones, derived now from the member's record (docs/product.md
 * "People"): never stored, so they appear and disappear by themselves. An automatic badge's date
 * is when it was earned.
 */
export async function listUserBadges(db: Db, member: Member): Promise<BadgeRow[]> {
  const granted = await grantedBadges(db).execute({ userId: member.id });

  const earned = await automaticBadges(db, member);
  return [
    ...granted.map((badge) => ({ ...badge, badgeType: badge.badgeType as BadgeType, automatic: false })),
    ...earned.map(([badgeType, at]) => ({ badgeType, grantedAt: at, grantedByUsername: null, automatic: true })),
  ];
}

async function automaticBadges(db: Db, member: Member): Promise<[BadgeType, Date][]> {
  const rules = AUTOMATIC_BADGE_RULES;
  const earned: [BadgeType, Date][] = [];

  const [{ earlier }] = (await earlierAccounts(db).execute({ userId: member.id })) as [{ earlier: number }];
  if (earlier < rules.ogUserMaxAccountNumber) earned.push(["og_user", member.createdAt]);

  const [nthInvitee] = await nthInviteeOf(db).execute({ userId: member.id });
  if (nthInvitee) earned.push(["inviter", nthInvitee.at]);

  const anniversary = new Date(member.createdAt.getTime() + rules.veteranMinAccountAgeDays * DAY_MS);
  if (anniversary <= new Date()) earned.push(["veteran", anniversary]);

  if (member.postsCount >= rules.loyalMemberMinPosts) {
    const [nthPost] = await nthPostOf(db).execute({ userId: member.id });
    earned.push(["loyal_member", nthPost?.at ?? member.createdAt]);
  }
  return earned;
}

const grantedBadges = preparedQuery((db) =>
  db
    .select({ badgeType: userBadges.badgeType, grantedAt: userBadges.grantedAt, grantedByUsername: granter.username })
    .from(userBadges)
    .leftJoin(granter, eq(granter.id, userBadges.grantedBy))
    .where(eq(userBadges.userId, sql.placeholder("userId")))
    .orderBy(asc(userBadges.grantedAt))
    .prepare("granted_badges"),
);

// Counting stops at the threshold: a late member's answer never walks every earlier account. The
// threshold is written into the SQL, not sent, so PostgreSQL keeps the statement's generic plan.
const earlierAccounts = preparedQuery((db) => {
  const earlier = db
    .select({ id: users.id })
    .from(users)
    .where(lt(users.id, sql.placeholder("userId")))
    .limit(sqlInteger(AUTOMATIC_BADGE_RULES.ogUserMaxAccountNumber))
    .as("earlier");
  return db.select({ earlier: count() }).from(earlier).prepare("badge_earlier_accounts");
});

// Invites of theirs that were used = members who name them as inviter; the nth one's arrival earns it.
const nthInviteeOf = preparedQuery((db) =>
  db
    .select({ at: users.createdAt })
    .from(users)
    .where(eq(users.invitedBy, sql.placeholder("userId")))
    .orderBy(asc(users.id))
    .offset(AUTOMATIC_BADGE_RULES.inviterMinUsedInvites - 1)
    .limit(1)
    .prepare("badge_nth_invitee"),
);

const nthPostOf = preparedQuery((db) =>
  db
    .select({ at: posts.createdAt })
    .from(posts)
    .where(eq(posts.authorId, sql.placeholder("userId")))
    .orderBy(asc(posts.createdAt))
    .offset(AUTOMATIC_BADGE_RULES.loyalMemberMinPosts - 1)
    .limit(1)
    .prepare("badge_nth_post"),
);
