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

/**
 * A prepared statement per page size, for reads whose plan depends on how many rows they take:
 * `build` writes `limit` into the SQL (sqlInteger) and names the statement after it. There is one
 * per size in use: the app's fixed page sizes, and the few others a client asks for.
 */
export function preparedPageQuery<Query, Executor extends object = Db>(build: (db: Executor, limit: number) => Query): (db: Executor, limit: number) => Query {
  const bySize = new Map<number, (db: Executor) => Query>();
  return (db, limit) => {
    let query = bySize.get(limit);
    if (query === undefined) {
      query = preparedQuery((executor: Executor) => build(executor, limit));
      bySize.set(limit, query);
    }
    return query(db);
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

/** Above every serial id (they are 4-byte integers): the open end of an id range written with two ends. */
export const PAST_EVERY_ID = 2 ** 31 - 1;
