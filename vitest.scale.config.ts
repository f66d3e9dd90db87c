import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:scale`: the production topology on Debian's engines (server/scale/): a PostgreSQL
 * primary and streaming replica, PgBouncer in transaction mode, nginx and two server processes, all
 * started by the test itself. No global set-up.
 */
export default defineConfig({
  resolve: { alias: { "@shared": fileURLToPath(new URL("./shared", import.meta.url)) } },
  test: {
    include: ["server/scale/**/*.scale.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
