import { asc, count, eq, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AUTOMATIC_BADGE_RULES, type BadgeType } from "@shared/constants";
import type { UserBadge } from "@shared/types";
import type { Db } from "../db/client";
import { posts, userBadges, users } from "../db/schema";

const granter = alias(users, "granter");
const DAY_MS = 86_400_000;

type Member = { id: number; createdAt: Date; postsCount: number };

/**
 * Granted badges plus the automatic ones, derived now from the member's record (docs/product.md
 * "People"): never stored, so they appear and disappear by themselves. An automatic badge's date
 * is when it was earned.
 */
export async function listUserBadges(db: Db, member: Member): Promise<UserBadge[]> {
  const granted = await db
    .select({ badgeType: userBadges.badgeType, grantedAt: userBadges.grantedAt, grantedByUsername: granter.username })
    .from(userBadges)
    .leftJoin(granter, eq(granter.id, userBadges.grantedBy))
    .where(eq(userBadges.userId, member.id))
    .orderBy(asc(userBadges.grantedAt));

  const earned = await automaticBadges(db, member);
  return [
    ...granted.map((badge) => ({ ...badge, badgeType: badge.badgeType as BadgeType, grantedAt: badge.grantedAt.toISOString(), automatic: false })),
    ...earned.map(([badgeType, at]) => ({ badgeType, grantedAt: at.toISOString(), grantedByUsername: null, automatic: true })),
  ];
}

async function automaticBadges(db: Db, member: Member): Promise<[BadgeType, Date][]> {
  const rules = AUTOMATIC_BADGE_RULES;
  const earned: [BadgeType, Date][] = [];

  // Counting stops at the threshold: a late member's answer never walks every earlier account.
  const earlierAccounts = db.select({ id: users.id }).from(users).where(lt(users.id, member.id)).limit(rules.ogUserMaxAccountNumber).as("earlier");
  const [{ earlier }] = (await db.select({ earlier: count() }).from(earlierAccounts)) as [{ earlier: number }];
  if (earlier < rules.ogUserMaxAccountNumber) earned.push(["og_user", member.createdAt]);

  // Invites of theirs that were used = members who name them as inviter; the nth one's arrival earns it.
  const [nthInvitee] = await db
    .select({ at: users.createdAt })
    .from(users)
    .where(eq(users.invitedBy, member.id))
    .orderBy(asc(users.id))
    .offset(rules.inviterMinUsedInvites - 1)
    .limit(1);
  if (nthInvitee) earned.push(["inviter", nthInvitee.at]);

  const anniversary = new Date(member.createdAt.getTime() + rules.veteranMinAccountAgeDays * DAY_MS);
  if (anniversary <= new Date()) earned.push(["veteran", anniversary]);

  if (member.postsCount >= rules.loyalMemberMinPosts) {
    const [nthPost] = await db
      .select({ at: posts.createdAt })
      .from(posts)
      .where(eq(posts.authorId, member.id))
      .orderBy(asc(posts.createdAt))
      .offset(rules.loyalMemberMinPosts - 1)
      .limit(1);
    earned.push(["loyal_member", nthPost?.at ?? member.createdAt]);
  }
  return earned;
}
