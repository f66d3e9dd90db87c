import { sql, type Placeholder } from "drizzle-orm";
import type { Db } from "./client";

/**
 * A hot read, built once per database and sent as a named prepared statement: PostgreSQL parses
 * and plans it once per connection instead of per request, and Drizzle builds its SQL once instead of
 * per request (docs/performance.md). `build` uses `sql.placeholder` for every value and ends with
 * `.prepare(name)`; the name must be unique in the app. A transaction (`Executor`) gets its own,
 * sent on its connection under the same name.
 */
export function preparedQuery<Query, Executor extends object = Db>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** The page sizes a paged statement is prepared for: a requested size is rounded up to one of them. */
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * A paged read whose plan depends on how many rows it takes: `build` writes `size` into the SQL
 * (sqlInteger) and names the statement after it. A request for `limit` rows runs the statement of
 * the next size up and keeps the first `limit` rows, so a connection holds at most one statement per
 * size in PAGE_SIZES, whatever sizes clients ask for (docs/decisions/019).
 */
export function preparedPageQuery<Row, Executor extends object = Db>(
  build: (db: Executor, size: number) => { execute: (values: Record<string, unknown>) => Promise<Row[]> },
): (db: Executor, limit: number, values: Record<string, unknown>) => Promise<Row[]> {
  const bySize = new Map<number, ReturnType<typeof preparedQuery<ReturnType<typeof build>, Executor>>>();
  return async (db, limit, values) => {
    const size = PAGE_SIZES.find((candidate) => candidate >= limit);
    // The request schemas allow 1 to 100; anything else here is a caller's bug, not a new statement.
    if (size === undefined || !Number.isInteger(limit) || limit < 1) throw new RangeError(`page size out of range: ${limit}`);
    let query = bySize.get(size);
    if (query === undefined) {
      query = preparedQuery((executor: Executor) => build(executor, size));
      bySize.set(size, query);
    }
    const rows = await query(db).execute(values);
    return rows.length > limit ? rows.slice(0, limit) : rows;
  };
}

/**
 * An integer written into a prepared statement's text rather than sent as a parameter, for a LIMIT
 * whose value PostgreSQL must know to keep one plan for the statement. Drizzle types `limit()` as a
 * number or a placeholder, but writes any SQL it is given.
 */
export function sqlInteger(value: number): Placeholder {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value)) as unknown as Placeholder;
}

/** The largest 4-byte integer, the open end of an id range written with two ends (a serial id reaching it would be the one left out). */
export const PAST_EVERY_ID = 2 ** 31 - 1;

/**
 * An integer parameter the planner cannot see into, even when it makes a custom plan:
 * `(SELECT $n::int)`. For an OFFSET whose value, known, makes a custom plan look cheaper than the
 * generic one (a deep members page looks nearly empty past its offset), so PostgreSQL would plan
 * every call (docs/decisions/019).
 */
export function integerUnseenByPlanner(name: string): Placeholder {
  return sql`(SELECT ${sql.placeholder(name)}::int)` as unknown as Placeholder;
}
