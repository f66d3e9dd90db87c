import type pg from "pg";
import { channels } from "../events/channels";
import { BANNED_NOW_SQL } from "../queries/banned-now";

/**
 * Presence in PostgreSQL, shared by every server process (docs/decisions/007-presence.md):
 * `presence_processes` (one heartbeated row per process) and `presence_connections` (which process
 * holds how many connections of which member). `users.is_online` is derived from them, always under the
 * member's row lock, and every change of it is announced with NOTIFY on the `presence` channel,
 * which PostgreSQL delivers at commit, in commit order.
 */

type Queryable = Pick<pg.PoolClient, "query">;

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Locks the members' rows (in id order, so two callers cannot deadlock), then — in a new statement,
 * hence a new snapshot that sees whatever the lock waited for — sets `is_online` to "has a
 * connection row and is not banned" where that differs, and announces each change.
 */
async function lockUsers(client: Queryable, userIds: number[]): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>("SELECT id FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE", [userIds]);
  return rows.map((row) => row.id);
}

export interface StatusChange {
  userId: number;
  isOnline: boolean;
}

async function reconcile(client: Queryable, userIds: number[]): Promise<StatusChange[]> {
  if (userIds.length === 0) return [];
  const { rows } = await client.query<{ id: number; is_online: boolean }>(
    `WITH wanted AS (
       SELECT users.id,
              EXISTS (SELECT 1 FROM presence_connections c WHERE c.user_id = users.id)
                AND NOT ${BANNED_NOW_SQL} AS online
       FROM users WHERE users.id = ANY($1::int[])
     ), changed AS (
       UPDATE users u SET is_online = w.online, last_seen_at = now()
       FROM wanted w WHERE u.id = w.id AND u.is_online IS DISTINCT FROM w.online
       RETURNING u.id, u.is_online
     )
     SELECT id, is_online, pg_notify($2, json_build_object('userId', id, 'isOnline', is_online)::text) FROM changed`,
    [userIds, channels.presence.name],
  );
  return rows.map((row) => ({ userId: row.id, isOnline: row.is_online }));
}

/** Creates (or revives, after it was swept as stale) this process's row. */
export async function registerProcess(pool: pg.Pool, processId: string, connections: number): Promise<void> {
  await pool.query(
    `INSERT INTO presence_processes (id, connections) VALUES ($1, $2)
     ON CONFLICT (id) DO UPDATE SET last_seen_at = now(), connections = EXCLUDED.connections`,
    [processId, connections],
  );
}

/** The heartbeat; false when the row is gone (another process swept it as stale). */
export async function heartbeat(pool: pg.Pool, processId: string, connections: number): Promise<boolean> {
  const { rowCount } = await pool.query("UPDATE presence_processes SET last_seen_at = now(), connections = $2 WHERE id = $1", [processId, connections]);
  return rowCount === 1;
}

export type SyncResult = { ok: true; changes: StatusChange[] } | { ok: false; reason: "user-gone" | "process-gone" };

/** Two-key advisory locks (a space apart from the one-key ones): one member's socket counts are written one at a time. */
const SOCKET_COUNT_LOCK = 7_314_002;

function lockSocketCount(client: Queryable, userId: number) {
  return client.query("SELECT pg_advisory_xact_lock($1, $2)", [SOCKET_COUNT_LOCK, userId]);
}

/** Writes how many sockets of the member this process holds (none: the row goes). False when this process's row is gone. */
async function recordSockets(client: Queryable, processId: string, userId: number, sockets: number): Promise<boolean> {
  if (sockets === 0) {
    await client.query("DELETE FROM presence_connections WHERE process_id = $1 AND user_id = $2", [processId, userId]);
    return true;
  }
  const { rowCount } = await client.query(
    `INSERT INTO presence_connections (process_id, user_id, sockets)
     SELECT id, $2, $3 FROM presence_processes WHERE id = $1
     ON CONFLICT (process_id, user_id) DO UPDATE SET sockets = EXCLUDED.sockets`,
    [processId, userId, sockets],
  );
  return rowCount === 1;
}

/**
 * Makes the database agree with this process about one member (how many sockets of theirs it
 * holds; `sockets()` is read under the member's count lock, so the latest count is the one
 * written) and updates `is_online` accordingly.
 */
export async function syncMember(pool: pg.Pool, processId: string, userId: number, sockets: () => number): Promise<SyncResult> {
  return inTransaction(pool, async (client) => {
    // The count lock first, as claimSocket takes it (whose insert then waits for the member's row).
    await lockSocketCount(client, userId);
    if ((await lockUsers(client, [userId])).length === 0) return { ok: false, reason: "user-gone" } as const;
    if (!(await recordSockets(client, processId, userId, sockets()))) return { ok: false, reason: "process-gone" } as const;
    return { ok: true, changes: await reconcile(client, [userId]) } as const;
  });
}

/**
 * Admits one more socket of a member if, with it, they hold at most `max` on all live processes
 * together. Under the member's count lock (so two processes cannot both admit the last one), the
 * other processes' counts are summed — those of processes not heartbeated for `staleAfterMs` left
 * out, as dead — and this process's, `sockets()` plus the new one, is written; `grant()` runs
 * before the commit, so a later write of this process's count includes it. `is_online` follows
 * when the socket opens (syncMember).
 */
export async function claimSocket(
  pool: pg.Pool,
  input: { processId: string; userId: number; max: number; staleAfterMs: number; sockets: () => number; grant: () => void },
): Promise<"ok" | "full" | "process-gone"> {
  const { processId, userId, max, staleAfterMs } = input;
  return inTransaction(pool, async (client) => {
    await lockSocketCount(client, userId);
    const { rows } = await client.query<{ elsewhere: number }>(
      `SELECT coalesce(sum(c.sockets), 0)::int AS elsewhere
       FROM presence_connections c JOIN presence_processes p ON p.id = c.process_id
       WHERE c.user_id = $1 AND c.process_id <> $2 AND p.last_seen_at >= now() - make_interval(secs => $3::float8 / 1000)`,
      [userId, processId, staleAfterMs],
    );
    const sockets = input.sockets() + 1;
    if (rows[0]!.elsewhere + sockets > max) return "full";
    if (!(await recordSockets(client, processId, userId, sockets))) return "process-gone";
    input.grant();
    return "ok";
  });
}

/** Removes processes (and their connections), taking their members offline unless connected elsewhere. */
async function removeProcesses(client: Queryable, processIds: string[]): Promise<StatusChange[]> {
  const { rows } = await client.query<{ user_id: number }>("SELECT DISTINCT user_id FROM presence_connections WHERE process_id = ANY($1::text[])", [processIds]);
  const userIds = await lockUsers(
    client,
    rows.map((row) => row.user_id),
  );
  await client.query("DELETE FROM presence_processes WHERE id = ANY($1::text[])", [processIds]);
  return reconcile(client, userIds);
}

/**
 * Deletes the rows of processes not heartbeated for `staleAfterMs` (they died without cleaning up)
 * and takes their members offline. Several processes may sweep at once: SKIP LOCKED splits the work.
 */
export async function sweepStaleProcesses(pool: pg.Pool, processId: string, staleAfterMs: number): Promise<{ processes: number; changes: StatusChange[] }> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM presence_processes
       WHERE id <> $1 AND last_seen_at < now() - make_interval(secs => $2::float8 / 1000)
       FOR UPDATE SKIP LOCKED`,
      [processId, staleAfterMs],
    );
    if (rows.length === 0) return { processes: 0, changes: [] };
    return { processes: rows.length, changes: await removeProcesses(client, rows.map((row) => row.id)) };
  });
}

/** At shutdown: this process's connections are gone. */
export function unregisterProcess(pool: pg.Pool, processId: string): Promise<StatusChange[]> {
  return inTransaction(pool, (client) => removeProcesses(client, [processId]));
}

/**
 * `is_online` left set without any connection row (from before presence was kept this way, or
 * seeded data): cleared without announcement, since no process ever announced it.
 */
export async function clearStrayOnlineFlags(pool: pg.Pool): Promise<void> {
  await pool.query(
    "UPDATE users u SET is_online = false WHERE u.is_online AND NOT EXISTS (SELECT 1 FROM presence_connections c WHERE c.user_id = u.id)",
  );
}

/** Who is online now, on any process. */
export async function loadOnlineMembers(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ user_id: number }>(
    "SELECT DISTINCT c.user_id FROM presence_connections c JOIN users u ON u.id = c.user_id WHERE u.is_online",
  );
  return rows.map((row) => row.user_id);
}

/**
 * Of the given sessions, those still valid: present, not expired, of an existing member who is not
 * banned. Connections opened with any other are closed (logout elsewhere, password reset, ban,
 * deletion — whichever way it happened).
 */
export async function validSessions(pool: pg.Pool, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const { rows } = await pool.query<{ sid: string }>(
    `SELECT s.sid FROM sessions s
     JOIN users ON users.id::text = (s.sess -> 'passport' ->> 'user')
     WHERE s.sid = ANY($1::text[]) AND s.expire >= now()
       AND NOT ${BANNED_NOW_SQL}`,
    [sessionIds],
  );
  return new Set(rows.map((row) => row.sid));
}

/** The member behind an upgrade: undefined when gone, else whether banned right now. */
export async function memberStanding(pool: pg.Pool, userId: number): Promise<"active" | "banned" | undefined> {
  const { rows } = await pool.query<{ banned: boolean }>(
    `SELECT ${BANNED_NOW_SQL} AS banned FROM users WHERE id = $1`,
    [userId],
  );
  const row = rows[0];
  return row === undefined ? undefined : row.banned ? "banned" : "active";
}
