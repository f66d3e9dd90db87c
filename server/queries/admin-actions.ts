import { desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminActions } from "../db/schema";

/** The admins' trail, newest first. */
export function listAdminActions(db: Db, limit: number) {
  return db.select().from(adminActions).orderBy(desc(adminActions.createdAt), desc(adminActions.id)).limit(limit);
}
