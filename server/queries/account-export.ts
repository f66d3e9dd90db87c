import { and, asc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../db/client";
import { bioCardDailyReferrers, bioCardDailyViews, bioCards, bioLinkDailyClicks, messages, passkeys, postReactions, posts, profileComments, topicReactions, topics, uploads, userLinks } from "../db/schema";

/**
 * What GET /api/auth/export puts in account.json, one small read per part (docs/decisions/029), so
 * a part added later (messages, reactions) is one more function here.
 */

export const exportPosts = (db: Db, userId: number) =>
  db
    .select({ id: posts.id, topicId: posts.topicId, content: posts.content, isEdited: posts.isEdited, createdAt: posts.createdAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(eq(posts.authorId, userId))
    .orderBy(asc(posts.id));

export const exportTopics = (db: Db, userId: number) =>
  db
    .select({
      id: topics.id,
      title: topics.title,
      description: topics.description,
      postsCount: topics.postsCount,
      isLocked: topics.isLocked,
      isPinned: topics.isPinned,
      createdAt: topics.createdAt,
    })
    .from(topics)
    .where(eq(topics.createdBy, userId))
    .orderBy(asc(topics.id));

/** Profile comments they wrote. */
export const exportComments = (db: Db, userId: number) =>
  db
    .select({ id: profileComments.id, profileUserId: profileComments.profileUserId, content: profileComments.content, createdAt: profileComments.createdAt })
    .from(profileComments)
    .where(eq(profileComments.authorId, userId))
    .orderBy(asc(profileComments.id));

const { id: _cardId, userId: _cardUser, ...cardColumns } = getTableColumns(bioCards);

export async function exportCard(db: Db, userId: number) {
  const [card] = await db.select(cardColumns).from(bioCards).where(eq(bioCards.userId, userId));
  return card ?? null;
}

export const exportLinks = (db: Db, userId: number) =>
  db
    .select({
      id: userLinks.id,
      title: userLinks.title,
      url: userLinks.url,
      iconType: userLinks.iconType,
      iconName: userLinks.iconName,
      iconUrl: userLinks.iconUrl,
      displayOrder: userLinks.displayOrder,
      isVisible: userLinks.isVisible,
    })
    .from(userLinks)
    .where(eq(userLinks.userId, userId))
    .orderBy(asc(userLinks.displayOrder), asc(userLinks.id));

/** Their card's analytics per day: counted views (with unique visitors and devices), views by source, link clicks. */
export async function exportAnalytics(db: Db, userId: number) {
  const [card] = await db.select({ id: bioCards.id }).from(bioCards).where(eq(bioCards.userId, userId));
  if (!card) return { dailyViews: [], dailyReferrers: [], dailyLinkClicks: [] };
  const { day, views, uniqueVisitors, mobileViews, desktopViews } = bioCardDailyViews;
  const referrers = bioCardDailyReferrers;
  const clicks = bioLinkDailyClicks;
  return {
    dailyViews: await db
      .select({ day, views, uniqueVisitors, mobileViews, desktopViews })
      .from(bioCardDailyViews)
      .where(eq(bioCardDailyViews.cardId, card.id))
      .orderBy(asc(day)),
    dailyReferrers: await db
      .select({ day: referrers.day, source: referrers.source, views: referrers.views })
      .from(referrers)
      .where(eq(referrers.cardId, card.id))
      .orderBy(asc(referrers.day), asc(referrers.source)),
    dailyLinkClicks: await db
      .select({ day: clicks.day, linkId: clicks.linkId, clicks: clicks.clicks })
      .from(clicks)
      .where(eq(clicks.cardId, card.id))
      .orderBy(asc(clicks.day), asc(clicks.linkId)),
  };
}

/** Their uploaded files (the files themselves go into the archive beside account.json). */
export const exportUploads = (db: Db, userId: number) =>
  db
    .select({ filename: uploads.filename, originalName: uploads.originalName, kind: uploads.kind, mimeType: uploads.mimeType, sizeBytes: uploads.sizeBytes, createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.ownerId, userId))
    .orderBy(asc(uploads.id));

/** The private messages they wrote (not those deleted), never anything of the other participants. */
export const exportMessages = (db: Db, userId: number) =>
  db
    .select({ id: messages.id, conversationId: messages.conversationId, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.authorId, userId), eq(messages.deleted, false)))
    .orderBy(asc(messages.id));

/** The reactions they gave, to which post and when. */
export const exportReactions = (db: Db, userId: number) =>
  db
    .select({ postId: postReactions.postId, reaction: postReactions.reaction, createdAt: postReactions.createdAt })
    .from(postReactions)
    .where(eq(postReactions.userId, userId))
    .orderBy(asc(postReactions.createdAt), asc(postReactions.postId));

/** The reactions they gave to topics' openers (docs/product.md "The opener is a post"), to which topic and when. */
export const exportTopicReactions = (db: Db, userId: number) =>
  db
    .select({ topicId: topicReactions.topicId, reaction: topicReactions.reaction, createdAt: topicReactions.createdAt })
    .from(topicReactions)
    .where(eq(topicReactions.userId, userId))
    .orderBy(asc(topicReactions.createdAt), asc(topicReactions.topicId));

/** Their passkeys by name and dates: never a key or a credential id. */
export const exportPasskeys = (db: Db, userId: number) =>
  db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id));

/** Every part, read one after the other. */
export async function readAccountExport(db: Db, userId: number) {
  return {
    posts: await exportPosts(db, userId),
    topics: await exportTopics(db, userId),
    comments: await exportComments(db, userId),
    messages: await exportMessages(db, userId),
    reactions: await exportReactions(db, userId),
    topicReactions: await exportTopicReactions(db, userId),
    card: await exportCard(db, userId),
    links: await exportLinks(db, userId),
    analytics: await exportAnalytics(db, userId),
    uploads: await exportUploads(db, userId),
    passkeys: await exportPasskeys(db, userId),
  };
}
export type AccountExport = Awaited<ReturnType<typeof readAccountExport>>;
