import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

export async function findUsername(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}
