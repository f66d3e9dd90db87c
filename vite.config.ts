import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";
import { precompress } from "./scripts/precompress.ts";
import { prerenderScreens } from "./scripts/prerender-screens.ts";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot("./client"),
  plugins: [react(), tailwindcss(), precompress(), prerenderScreens()],
  resolve: {
    alias: {
      "@": fromRoot("./client/src"),
      "@shared": fromRoot("./shared"),
    },
  },
  build: {
    outDir: fromRoot("./dist/public"),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and screen loads (e2e/bundle-budget.spec.ts).
    manifest: true,
    rollupOptions: {
      // The app, and the public card /{username} as an entry of its own (server/spa.ts picks the page).
      input: { app: fromRoot("./client/index.html"), card: fromRoot("./client/card.html") },
    },
  },
  test: {
    root: fromRoot("."),
    // Each server test file gets its own database (see server/test/), so files can run in parallel.
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: one on a 2-core machine. The files spend much
    // of their time waiting on PostgreSQL, on timers and on the processes they start, so four overlap
    // well: 212 s on the 2-core machine against 270 s with three and 308 s with two (2026-12-03; five
    // were slower again).
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      // The server's files (and shared/'s) import the same large graph (the app, drizzle, the API
      // reference); they make their own app and database and keep no state in modules, so a worker
      // evaluates that graph once instead of once per file (docs/development.md "Tests").
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "shared/**/*.test.ts"],
          isolate: false,
          globalSetup: ["server/test/global-setup.ts"],
          // Every API answer a test receives is checked against the API reference (server/test/every-answer-documented.ts).
          setupFiles: ["server/test/every-answer-documented.ts"],
        },
      },
      // `npx vitest run --project client`: the client's tests alone, without the server's set-up.
      { extends: true, test: { name: "client", include: ["client/src/**/*.test.{ts,tsx}"] } },
    ],
  },
});
