import { date, pgTable, text } from "drizzle-orm/pg-core";

/**
 * One random salt per UTC day for hashing visitor keys, shared by all server processes. Salts older
 * than yesterday are deleted, after which nobody can link a stored key to a visitor.
 */
export const visitorSalts = pgTable("visitor_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});
