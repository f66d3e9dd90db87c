import { and, asc, eq, not, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { lower } from "../db/schema/columns";
import { bioCards, userLinks, users } from "../db/schema";
import { bannedNow } from "./banned-now";
import { liveMember } from "./live-member";
import { notHidden } from "./hidden";

export async function findBioCardOf(db: Db, userId: number) {
  const [card] = await db.select().from(bioCards).where(eq(bioCards.userId, userId));
  return card;
}

const linksOf = preparedQuery((db: Pick<Db, "select">) =>
  db
    .select()
    .from(userLinks)
    .where(eq(userLinks.userId, sql.placeholder("userId")))
    .orderBy(asc(userLinks.displayOrder), asc(userLinks.id))
    .prepare("links_of"),
);

export function listLinksOf(db: Pick<Db, "select">, userId: number) {
  return linksOf(db).execute({ userId });
}

/** One of the member's links; someone else's is not found. */
export async function findOwnLink(db: Db, userId: number, id: number) {
  const [link] = await db.select().from(userLinks).where(and(eq(userLinks.id, id), eq(userLinks.userId, userId)));
  return link;
}

/** What the public card shows of its owner, and what their badges are derived from. */
const cardOwnerColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  bio: users.bio,
  isOnline: users.isOnline,
  createdAt: users.createdAt,
  postsCount: users.postsCount,
};

/** A card anyone may see: it exists, is public, is not hidden by flags, and its owner is neither banned nor deleted. */
const publicCard = preparedQuery((db) =>
  db
    .select({ card: bioCards, owner: cardOwnerColumns })
    .from(bioCards)
    .innerJoin(users, eq(users.id, bioCards.userId))
    .where(and(eq(lower(users.username), sql`lower(${sql.placeholder("username")})`), eq(bioCards.isPublic, true), notHidden(bioCards.hiddenAt), not(bannedNow), liveMember))
    .prepare("public_card"),
);

export async function findPublicCard(db: Db, username: string) {
  const [row] = await publicCard(db).execute({ username });
  return row;
}

/** A link of the owner's, with what decides whether the public card shows it (isLinkShown), or undefined. */
export async function findCardLink(db: Db, ownerId: number, linkId: number) {
  const [link] = await db
    .select({ isVisible: userLinks.isVisible, visibleFrom: userLinks.visibleFrom, visibleUntil: userLinks.visibleUntil })
    .from(userLinks)
    .where(and(eq(userLinks.id, linkId), eq(userLinks.userId, ownerId)));
  return link;
}
