import type { Logger } from "./logger";

type Cleanup = { name: string; run: () => Promise<unknown> };

/**
 * Cleanups registered as resources start, run in reverse order on SIGINT/SIGTERM or a failed start,
 * so whatever was started (HTTP, WebSocket, pool, embedded PostgreSQL) is stopped exactly once.
 */
export function createLifecycle(logger: Logger) {
  const cleanups: Cleanup[] = [];
  let stopping: Promise<void> | undefined;

  const stop = () =>
    (stopping ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup.run();
        } catch (error) {
          logger.warn({ error: (error as Error).message }, `Stopping ${cleanup.name} failed`);
        }
      }
    })());

  return {
    onStop(name: string, run: () => Promise<unknown>) {
      cleanups.push({ name, run });
    },
    stop,
    handleSignals() {
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => {
          logger.info(`Received ${signal}, shutting down`);
          void stop().then(() => process.exit(0));
        });
      }
    },
  };
}
