import { existsSync, mkdtempSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, defineConfig, devices } from "@playwright/test";
import { workerPort } from "./e2e/support/server";

/**
 * Browser tests run against the built app (`npm run build` first; `npm test` does it). Each worker
 * starts a server of its own, with its own DATA_DIR (so its own PostgreSQL) and UPLOAD_DIR, on
 * E2E_PORT + its parallel index (e2e/support/test.ts), and registers the site's first account on it.
 * E2E_WORKERS sets how many run at once. Chromium is Playwright's own when it is installed,
 * otherwise CHROMIUM_PATH or the system one (Debian: apt-get install chromium-headless-shell, or chromium).
 */
// Workers load this file again; they inherit the run folder through the environment instead of making their own.
const runDir = (process.env.E2E_RUN_DIR ??= mkdtempSync(path.join(os.tmpdir(), "enclave-e2e-")));
chmodSync(runDir, 0o755); // as root, PostgreSQL runs as `postgres` and must enter its DATA_DIR's parents
// In a worker, Playwright sets TEST_PARALLEL_INDEX before loading this file: `use.baseURL` (also read
// as testInfo.project.use.baseURL) is that worker's server.
const baseURL = `http://127.0.0.1:${workerPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`;

/** Debian's headless shell (apt-get install chromium-headless-shell): no window system, no GPU process. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(chromium.executablePath())) return undefined;
  // A quarter less time for the same tests than the full browser in its headless mode.
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";
}

export default defineConfig({
  testDir: "./e2e",
  // Tests, not files, are shared out between the workers: a long file (the accessibility walks) no
  // longer holds one worker while the other has run out of work. Every test makes its own members.
  fullyParallel: true,
  // Three at a time by default (each a browser, a server and a PostgreSQL). With traces off, the 185
  // tests took 6.0 min on the 2-core machine with three workers, 7.2 with two, against 12.9 with one
  // and traces (2026-12-03): each worker leaves the cores partly idle while it waits on round trips.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A busy 2-core machine can take longer than Playwright's default 5 s to show a lazily loaded screen.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace costs the browser a fifth more CPU on every test, passed or not; E2E_TRACE=1
    // (or --trace on) records them again, kept for the tests that fail. A failure still leaves its
    // screenshot and error context.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // Less motion asked for, as a member may: no dialog, sheet or toast animation for software
    // rendering to draw frame by frame (a tenth off the forum tests' time, a third off the GPU
    // process's CPU). The tests about motion ask for "no-preference" themselves.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    // Reads the build output only (no browser, no server): the JavaScript budgets.
    { name: "build", testMatch: /bundle-budget\.spec\.ts/ },
    {
      name: "desktop",
      testIgnore: /bundle-budget\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    {
      name: "phone",
      // Only the tests tagged @phone: those about the 375-px layout (screens whose markup changes below a
      // breakpoint: the side menu, the search icon, the bio editor's Show switch, the admin cards, the
      // messages pane), touch, and the accessibility and sideways-scrolling walks. Everything else proves
      // nothing a narrow screen changes and runs on the desktop alone (e2e/README.md).
      grep: /@phone/,
      // The first account's registration is a one-off: checked once, on the desktop.
      testIgnore: /(bootstrap|bundle-budget)\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
});
