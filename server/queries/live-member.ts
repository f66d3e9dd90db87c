import { isNull, sql, type SQL } from "drizzle-orm";
import { users } from "../db/schema";

/**
 * A member the site still shows. A deleted member (users.deleted_at) is gone for everyone at once,
 * although their rows go in batches, the row itself last (docs/decisions/021-member-deletion-job.md).
 */
export const liveMember = isNull(users.deletedAt);

/**
 * Content whose author (`authorColumn`, null once it outlived them) is not being deleted: a text
 * shows credited to its author, or to "Deleted member" when the author is gone, and is hidden only
 * while the author's deletion is under way (docs/decisions/058). For raw SQL joins, alongside a
 * LEFT JOIN of the author.
 */
export const notBeingDeleted = (authorColumn: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM users gone WHERE gone.id = ${authorColumn} AND gone.deleted_at IS NOT NULL)`;
