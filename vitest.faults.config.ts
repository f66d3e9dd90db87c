import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: faults injected into real processes (server/faults/). Each file starts its
 * own PostgreSQL, server processes and nginx, so it needs no global set-up; files run one at a time
 * because they load the machine on purpose.
 */
export default defineConfig({
  resolve: { alias: { "@shared": fileURLToPath(new URL("./shared", import.meta.url)) } },
  test: {
    include: ["server/faults/**/*.fault.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
