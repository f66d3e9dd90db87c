import path from "node:path";
import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { FOUNDER } from "./members";
import { startServer, workerPort, type TestServer } from "./server";

export { expect };

/**
 * Playwright's `test` with a server of each worker's own: every spec that talks to the app imports
 * `test` and `expect` from here. Each worker starts the built server on its own DATA_DIR (so its own
 * PostgreSQL) and port, registers the site's first account (FOUNDER, an administrator) on it, and
 * stops it when the worker ends. Tests reach it through `baseURL` and `server.dataDir`.
 */
export const test = base.extend<object, { server: TestServer }>({
  server: [
    async ({ playwright }, use, workerInfo) => {
      // Kept per parallel index: a worker that replaces a failed one starts the same site again.
      const dir = path.join(process.env.E2E_RUN_DIR!, `worker-${workerInfo.parallelIndex}`);
      const server = await startServer({ dir, port: workerPort(workerInfo.parallelIndex) });
      if (server.setupInviteCode) {
        const request = await playwright.request.newContext({ baseURL: server.baseURL });
        await registerFounder(request, server.setupInviteCode);
        await request.dispose();
      }
      // For the helpers that run the operator CLI on the worker's database (support/invite-code.ts).
      process.env.E2E_DATA_DIR = server.dataDir;
      await use(server);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

/** Registers the site's first account with the setup code, as bootstrap.spec.ts does through the page. */
async function registerFounder(request: APIRequestContext, inviteCode: string): Promise<void> {
  const response = await request.post("/api/auth/register", { data: { ...FOUNDER, inviteCode } });
  expect(response.status(), await response.text()).toBe(201);
  expect(((await response.json()) as { isAdmin: boolean }).isAdmin).toBe(true);
}
