import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** NOTIFY channels shared by every server process on the database (docs/decisions/007-presence.md). */
export const PRESENCE_CHANNEL = "presence";
export const PRESENCE_CONTROL_CHANNEL = "presence_control";

/** A message on PRESENCE_CONTROL_CHANNEL: close some /ws connections, whichever process holds them. */
export type PresenceControlMessage = { type: "disconnect_user"; userId: number } | { type: "disconnect_session"; sessionId: string };

/** Anything that can run SQL: the Drizzle database or a transaction (then it is sent on commit). */
type Executor = Pick<Db, "execute">;

async function publish(db: Executor, message: PresenceControlMessage): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${PRESENCE_CONTROL_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Closes every /ws connection of a member on every server process, so they are announced offline.
 * Call it when a member is banned or deleted (inside the transaction that does it, or after it).
 * Their client retries 3 s later and is refused while banned or deleted.
 */
export function disconnectUser(db: Executor, userId: number): Promise<void> {
  return publish(db, { type: "disconnect_user", userId });
}

/** Closes the /ws connections opened with one session (all tabs of that browser): logout. */
export function disconnectSession(db: Executor, sessionId: string): Promise<void> {
  return publish(db, { type: "disconnect_session", sessionId });
}
