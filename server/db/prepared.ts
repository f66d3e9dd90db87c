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
 * An integer written into a prepared statement's text rather than sent as a parameter, for a LIMIT
 * whose value PostgreSQL must know to keep one plan for the statement. Drizzle types `limit()` as a
 * number or a placeholder, but writes any SQL it is given.
 */
export function sqlInteger(value: number): Placeholder {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value)) as unknown as Placeholder;
}
