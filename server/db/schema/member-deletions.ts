import { TEXT_LIMITS } from "@shared/constants";
import { sql } from "drizzle-orm";
import { DELETION_CONTENT_MODES, type DeletionContent } from "@shared/member-deletion";
import { check, integer, pgTable, serial, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * A member's deletion and its progress, done in batches, each a job of the job queue that whichever
 * server process's worker takes (commands/delete-user.ts, docs/decisions/021). `user_id` is not a
 * foreign key: the record outlives the member's row, so the
 * admin can watch it to the end. Progress is counted in posts, the work that grows without bound.
 */
export const memberDeletions = pgTable(
  "member_deletions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    username: varchar("username", { length: TEXT_LIMITS.usernameMax }).notNull(),
    /** What becomes of what they wrote in shared places (docs/decisions/058): the batches' steps depend on it. */
    content: varchar("content", { length: 10 }).$type<DeletionContent>().notNull().default("erase"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    postsTotal: integer("posts_total").notNull(),
    postsDone: integer("posts_done").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (table) => [
    uniqueIndex("member_deletions_user_id_idx").on(table.userId),
    check("member_deletions_content", sql`${table.content} IN (${sql.raw(DELETION_CONTENT_MODES.map((mode) => `'${mode}'`).join(", "))})`),
  ],
);
