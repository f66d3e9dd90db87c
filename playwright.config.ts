import { existsSync, mkdtempSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the built app (`npm run build` first; `npm test` does it), started with
 * fresh temporary DATA_DIR and UPLOAD_DIR. Chromium is Playwright's own when it is installed,
 * otherwise CHROMIUM_PATH or the system one (Debian: apt-get install chromium).
 */
const PORT = Number(process.env.E2E_PORT ?? 5179);
// Workers load this file again; they inherit the run folder through the environment instead of making their own.
const runDir = (process.env.E2E_RUN_DIR ??= mkdtempSync(path.join(os.tmpdir(), "enclave-e2e-")));
chmodSync(runDir, 0o755); // as root, PostgreSQL runs as `postgres` and must enter DATA_DIR's parent
/** The server's DATA_DIR: tests run the operator CLI against it (e.g. to get invite codes). */
process.env.E2E_DATA_DIR = path.join(runDir, "data");
/** The server's log, where the first start writes the setup invite code. */
process.env.E2E_SERVER_LOG = path.join(runDir, "server.log");

function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(chromium.executablePath())) return undefined;
  return "/usr/bin/chromium";
}

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    // Registers the site's first account with the setup code, before anyone else registers.
    // Reads the build output only (no browser needed): the JavaScript budgets.
    { name: "build", testMatch: /bundle-budget\.spec\.ts/ },
    { name: "bootstrap", testMatch: /bootstrap\.spec\.ts/, use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
    {
      name: "desktop",
      testIgnore: /(bootstrap|bundle-budget)\.spec\.ts/,
      dependencies: ["bootstrap"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    {
      name: "phone",
      testIgnore: /(bootstrap|bundle-budget)\.spec\.ts/,
      dependencies: ["bootstrap"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: `node dist/server/index.js > "${process.env.E2E_SERVER_LOG}"`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      UPLOAD_DIR: path.join(runDir, "uploads"),
      BCRYPT_COST: "10",
      // Every browser test comes from one address; the limits themselves are covered by API tests.
      RATE_LIMIT_LOGIN_PER_MINUTE: "1000",
      RATE_LIMIT_REGISTER_PER_HOUR: "1000",
      // Two rows a batch: deleting even a small member goes on in the background, which the admin watches.
      MEMBER_DELETION_BATCH_SIZE: "2",
    },
  },
});
