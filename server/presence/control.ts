import type { Db } from "../db/client";
import { channels, publish as announce, type ChannelPayload } from "../events/channels";

/** A message on presence_control: close some /ws connections, whichever process holds them (docs/decisions/007-presence.md). */
export type PresenceControlMessage = ChannelPayload<typeof channels.presenceControl>;

/** Session ids per message: a NOTIFY payload must stay under 8000 bytes (an id is 32 characters). */
const SESSIONS_PER_MESSAGE = 100;

/** Anything that can run SQL: the Drizzle database or a transaction (then it is sent on commit). */
type Executor = Pick<Db, "execute">;

const publish = (db: Executor, message: PresenceControlMessage) => announce(db, channels.presenceControl, message);

/**
 * Closes every /ws connection of a member on every server process, so they are announced offline.
 * Call it when a member is banned or deleted (inside the transaction that does it, or after it).
 * Their client retries 3 s later and is refused while banned or deleted.
 */
export function disconnectUser(db: Executor, userId: number): Promise<void> {
  return publish(db, { type: "disconnect_user", userId });
}

/** Closes the /ws connections opened with these sessions (all tabs of those browsers): logout, sessions ended. */
export async function disconnectSessions(db: Executor, sessionIds: string[]): Promise<void> {
  for (let start = 0; start < sessionIds.length; start += SESSIONS_PER_MESSAGE) {
    await publish(db, { type: "disconnect_sessions", sessionIds: sessionIds.slice(start, start + SESSIONS_PER_MESSAGE) });
  }
}
