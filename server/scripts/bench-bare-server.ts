/**
 * The yardstick of `npm run bench:http`: a bare Express + pg server that answers each benchmarked
 * request with exactly the SQL the app runs for it (captured by the benchmark from the app's own
 * query functions) and sends the rows as JSON, or inside an HTML page for `html` routes. No
 * session, no middleware, no shaping: what is left when everything but the database work is taken away.
 *
 *   node --import tsx server/scripts/bench-bare-server.ts <routes.json>   (started by bench-http.ts)
 */
import { readFileSync } from "node:fs";
import express from "express";
import pg from "pg";

export interface BareRoute {
  path: string;
  statements: { sql: string; params: unknown[] }[];
  html?: string;
}

const { databaseUrl, port, routes } = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as {
  databaseUrl: string;
  port: number;
  routes: BareRoute[];
};

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = express();
for (const route of routes) {
  app.get(route.path, async (_req, res) => {
    const results = [];
    for (const statement of route.statements) results.push((await pool.query(statement.sql, statement.params)).rows);
    if (route.html === undefined) return void res.json(results);
    const data = JSON.stringify(results).replace(/</g, "\\u003c");
    res.type("html").send(route.html.replace("</head>", () => `<script type="application/json" id="data">${data}</script></head>`));
  });
}
app.listen(port, "127.0.0.1", () => process.stdout.write(`bare server on ${port}\n`));
