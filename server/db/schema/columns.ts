import { sql, type AnyColumn } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();
export const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Case-insensitive lookups go through lower(column), backed by an expression index. */
export const lower = (column: AnyColumn) => sql`lower(${column})`;
