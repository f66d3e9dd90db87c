import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot("./client"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@": fromRoot("./client/src"),
      "@shared": fromRoot("./shared"),
    },
  },
  build: {
    outDir: fromRoot("./dist/public"),
    emptyOutDir: true,
  },
  test: {
    root: fromRoot("."),
    include: ["server/**/*.test.ts", "shared/**/*.test.ts", "client/src/**/*.test.{ts,tsx}"],
    globalSetup: ["server/test/global-setup.ts"],
    // Each test file gets its own database (see server/test/), so files can run in parallel.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
