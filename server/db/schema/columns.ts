import { sql, type AnyColumn } from "drizzle-orm";
import { timestamp, varchar } from "drizzle-orm/pg-core";
import { TEXT_LIMITS } from "@shared/constants";

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** A colour as `#rrggbb`. */
export const hexColor = (name: string) => varchar(name, { length: TEXT_LIMITS.hexColor });
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();
export const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Case-insensitive lookups go through lower(column), backed by an expression index. */
export const lower = (column: AnyColumn) => sql`lower(${column})`;
