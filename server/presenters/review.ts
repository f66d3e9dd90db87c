import type { ReviewFlagReason } from "@shared/flags";
import type { ReviewItem, ReviewPage } from "@shared/types";
import type { ReviewItemRow } from "../queries/flags";
import { isoTime, isoTimeOrNull } from "./iso-time";

/** Where staff open the target: the post's permalink, the topic of an opener, the profile a comment is on, the card; a message has none (it is its members'). */
function targetUrl(row: ReviewItemRow): string | null {
  if (!row.target) return null;
  if (row.target_type === "post") return `/topic/${row.target.topicId}?post=${row.target_id}`;
  if (row.target_type === "topic") return `/topic/${row.target_id}`;
  if (row.target_type === "comment") return `/user/${row.target.profileUsername}`;
  if (row.target_type === "card") return row.author_username && `/${row.author_username}`;
  return null;
}

export function presentReviewItem(row: ReviewItemRow): ReviewItem {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_type === "card" ? (row.author_username ?? String(row.target_id)) : row.target_id,
    target: { excerpt: row.target?.excerpt ?? "", authorUsername: row.author_username, url: targetUrl(row) },
    flags: row.flags.map((flag) => ({
      reason: flag.reason as ReviewFlagReason,
      note: flag.note,
      byUsername: flag.byUsername,
      createdAt: isoTime(new Date(flag.createdAt)),
    })),
    status: row.status,
    createdAt: isoTime(new Date(row.created_at)),
    action: row.action,
    note: row.note,
    resolvedAt: isoTimeOrNull(row.resolved_at === null ? null : new Date(row.resolved_at)),
  };
}

/** A page read one past its size: the extra row only says there is a next page. */
export function presentReviewPage(rows: ReviewItemRow[], pageSize: number, pendingCount: number): ReviewPage {
  const items = rows.slice(0, pageSize).map(presentReviewItem);
  return { items, pendingCount, nextCursor: rows.length > pageSize ? String(items.at(-1)!.id) : null };
}
