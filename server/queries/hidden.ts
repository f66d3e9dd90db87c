import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The one reading of hidden content (posts, profile comments and cards carry `hidden_at`, set by
 * flags and cleared by a `keep` review): a row whose text may reach everyone. Reads that serve
 * every viewer alike (search, the public card) filter with it; presenters that know the viewer
 * blank the text instead (policies/flags.ts canSeeHiddenText).
 */
export const notHidden = (hiddenAt: AnyPgColumn | SQL): SQL => sql`${hiddenAt} IS NULL`;

/** The ids of the posts hidden now, read from their partial index alone (posts_hidden_idx): few at any time. */
export const hiddenPostIds = sql`SELECT id FROM posts WHERE NOT ${notHidden(sql`hidden_at`)}`;
