import pg from "pg";

/**
 * Makes `timeoutMs` the statement_timeout of every session `url`'s role opens on its database, from
 * now on: a setting of the role in the database (`ALTER ROLE … IN DATABASE … SET`), which any role may
 * give itself. Not a start-up parameter, which PgBouncer refuses, nor a `SET`, which would stay on a
 * pooled server connection for whoever gets it next. Replicas copy it with the catalog. Sessions
 * already open keep the value they started with (a pooler's server connections until they are renewed).
 * Run under the start-up lock: two processes changing the role's settings at once can fail with
 * "tuple concurrently updated".
 */
export async function applyStatementTimeout(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: "enclave", connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ database: string; current: boolean }>(
      "SELECT current_database() AS database, (source = 'database user' AND setting = $1) AS current FROM pg_settings WHERE name = 'statement_timeout'",
      [String(Math.trunc(timeoutMs))],
    );
    // Already so (every start after the first): no catalog write.
    if (rows[0]!.current) return;
    const database = client.escapeIdentifier(rows[0]!.database);
    await client.query(`ALTER ROLE CURRENT_USER IN DATABASE ${database} SET statement_timeout = ${Math.trunc(timeoutMs)}`);
  } finally {
    await client.end().catch(() => {});
  }
}
