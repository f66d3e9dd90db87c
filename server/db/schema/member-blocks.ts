import { bigint, integer, pgTable } from "drizzle-orm/pg-core";

/** Members per block of ids. */
export const MEMBER_BLOCK_SIZE = 1000;

/**
 * The members list's totals by block of 1,000 user ids (block = id / 1000), kept exact by triggers
 * on `users` in the same transaction as every change (migrations/0011_member_blocks_triggers.sql).
 * The list's stats add up these rows instead of counting 100k members, and a numbered page finds
 * its first member by the running total instead of an OFFSET over every earlier member.
 */
export const memberBlocks = pgTable("member_blocks", {
  block: integer("block").primaryKey(),
  members: integer("members").notNull().default(0),
  admins: integer("admins").notNull().default(0),
  posts: bigint("posts", { mode: "number" }).notNull().default(0),
});
