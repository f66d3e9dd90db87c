import type pg from "pg";

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Records every statement any connection of `pool` is sent during `during(run)`: the SQL the app
 * really sends, prepared statements included, so the benchmarks EXPLAIN exactly that. Set up before
 * the pool's first connection.
 */
export function recordStatements(pool: pg.Pool) {
  let recording: Statement[] | undefined;
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...argv: unknown[]) => unknown;
    (client as { query: unknown }).query = (...argv: unknown[]) => {
      const [first, second] = argv as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof first === "string" ? first : first.text;
      const values = Array.isArray(second) ? second : typeof first === "object" ? (first.values ?? []) : [];
      recording?.push({ text, values });
      return query(...argv);
    };
  });
  return {
    async during(run: () => Promise<unknown>): Promise<Statement[]> {
      const statements: Statement[] = [];
      recording = statements;
      try {
        await run();
      } finally {
        recording = undefined;
      }
      return statements;
    },
  };
}
