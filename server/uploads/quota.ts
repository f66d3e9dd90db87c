import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads, users } from "../db/schema";
import { HttpError } from "../errors";

type Executor = Pick<Db, "select">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const quotaExceeded = () => new HttpError(413, "Storage quota exceeded");

/** Bytes of every file the member has stored. */
export async function storedBytesOf(db: Executor, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

/**
 * Inside the transaction that records a new file: locks the member's row so parallel uploads are
 * counted one after another, then refuses the file when it would take them past their quota.
 */
export async function reserveQuota(tx: Tx, ownerId: number, sizeBytes: number, quotaBytes: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
  if ((await storedBytesOf(tx, ownerId)) + sizeBytes > quotaBytes) throw quotaExceeded();
}
