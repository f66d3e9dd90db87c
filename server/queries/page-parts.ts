import { sql } from "drizzle-orm";
import type { Reaction } from "@shared/reactions";
import type { Db } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { bookmarks, flags, memberBlockings, postReactions, reviewItems } from "../db/schema";
import type { ReactionCount } from "./reactions";
import type { PageReaderParts } from "./page-reader-parts";

/**
 * What the readers of a posts page differ by, for all of them at once: who gave each reaction to
 * its posts, who blocked each of its authors, who bookmarked each post and who flagged it (open
 * flags). Kept with the page, so that a reader's request asks the database nothing: after a reply,
 * every follower of the topic reads at once (docs/decisions/067). Any change to them clears the
 * page: reactions, bookmarks and flags name the post's topic, a block names the blocked author.
 */
export interface PageParts {
  /** By post, by reaction: who gave it. */
  reactions: ReadonlyMap<number, ReadonlyMap<Reaction, ReadonlySet<number>>>;
  /** By author of the page: who blocked them. */
  blockers: ReadonlyMap<number, ReadonlySet<number>>;
  /** By post: who bookmarked it. */
  bookmarkers: ReadonlyMap<number, ReadonlySet<number>>;
  /** By post: who flagged it while staff have not decided yet. */
  flaggers: ReadonlyMap<number, ReadonlySet<number>>;
}

/** Each row is one member's link to a post (`r`eaction, boo`k`mark, `f`lag) or to an author (`b`lock). */
const partsOfPage = preparedQuery((db: Db) =>
  db
    .select({
      kind: sql<"r" | "b" | "k" | "f">`'r'`.as("kind"),
      subjectId: postReactions.postId,
      reaction: sql<string | null>`${postReactions.reaction}`.as("reaction"),
      memberId: postReactions.userId,
    })
    .from(postReactions)
    .where(sql`${postReactions.postId} = ANY(${sql.placeholder("postIds")}::int[])`)
    .unionAll(
      // member_blockings_blocked_id_idx.
      db
        .select({ kind: sql<"b">`'b'`, subjectId: memberBlockings.blockedId, reaction: sql<null>`NULL::varchar`, memberId: memberBlockings.blockerId })
        .from(memberBlockings)
        .where(sql`${memberBlockings.blockedId} = ANY(${sql.placeholder("authorIds")}::int[])`),
    )
    .unionAll(
      // bookmarks_post_id_idx.
      db
        .select({ kind: sql<"k">`'k'`, subjectId: bookmarks.postId, reaction: sql<null>`NULL::varchar`, memberId: bookmarks.userId })
        .from(bookmarks)
        .where(sql`${bookmarks.postId} = ANY(${sql.placeholder("postIds")}::int[])`),
    )
    .unionAll(
      // The open flags of members on the page's posts (a watched word's flag has no flagger).
      db
        .select({ kind: sql<"f">`'f'`, subjectId: reviewItems.targetId, reaction: sql<null>`NULL::varchar`, memberId: sql<number>`${flags.flaggerId}` })
        .from(reviewItems)
        .innerJoin(flags, sql`${flags.reviewItemId} = ${reviewItems.id} AND ${flags.flaggerId} IS NOT NULL`)
        .where(sql`${reviewItems.targetType} = 'post' AND ${reviewItems.status} = 'pending' AND ${reviewItems.targetId} = ANY(${sql.placeholder("postIds")}::int[])`),
    )
    .prepare("page_parts"),
);

/** The page's parts for every reader, in one statement. */
export async function findPageParts(db: Db, posts: readonly { id: number; authorId: number | null }[]): Promise<PageParts> {
  const reactions = new Map<number, Map<Reaction, Set<number>>>();
  const [blockers, bookmarkers, flaggers] = [new Map<number, Set<number>>(), new Map<number, Set<number>>(), new Map<number, Set<number>>()];
  if (posts.length === 0) return { reactions, blockers, bookmarkers, flaggers };
  const rows = await partsOfPage(db).execute({
    postIds: posts.map((post) => post.id),
    authorIds: [...new Set(posts.flatMap((post) => post.authorId ?? []))],
  });
  const add = (map: Map<number, Set<number>>, key: number, memberId: number) => map.set(key, (map.get(key) ?? new Set()).add(memberId));
  for (const { kind, subjectId, reaction, memberId } of rows) {
    if (kind === "r") {
      const byReaction = reactions.get(subjectId) ?? new Map<Reaction, Set<number>>();
      reactions.set(subjectId, byReaction.set(reaction as Reaction, (byReaction.get(reaction as Reaction) ?? new Set()).add(memberId)));
    } else add(kind === "b" ? blockers : kind === "k" ? bookmarkers : flaggers, subjectId, memberId);
  }
  return { reactions, blockers, bookmarkers, flaggers };
}

/** One reader's parts of a page, from what is kept for all (findPageReaderParts would read the same from the database). */
export function readerPartsOf(parts: PageParts, readerId: number): PageReaderParts {
  const reactions = new Map<number, ReactionCount[]>();
  for (const [postId, byReaction] of parts.reactions) {
    reactions.set(postId, [...byReaction].map(([reaction, members]) => ({ reaction, count: members.size, reacted: members.has(readerId) })));
  }
  const withReader = (map: ReadonlyMap<number, ReadonlySet<number>>) => new Set([...map].flatMap(([id, members]) => (members.has(readerId) ? [id] : [])));
  return { reactions, blockedAuthors: withReader(parts.blockers), bookmarked: withReader(parts.bookmarkers), flagged: withReader(parts.flaggers) };
}
