import { pino, type DestinationStream, type Level } from "pino";

/** pino's logger: `logger.info(fields, message)`, or `logger.info(message)` alone. */
export type Logger = pino.Logger;

interface LoggerOptions {
  level?: Level | "silent";
  /**
   * A readable line per entry through pino-pretty, for a developer's terminal; otherwise one JSON
   * object per line. pino-pretty is a devDependency: only pass true when NODE_ENV is development.
   */
  pretty?: boolean;
  /** Where JSON lines go (tests capture them); stdout by default. */
  destination?: DestinationStream;
}

export function createLogger({ level = "info", pretty = false, destination }: LoggerOptions = {}): Logger {
  if (pretty) return pino({ level, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } });
  // Asynchronous writes: while one write to stdout is under way the next lines gather and go out
  // together, so a burst of requests costs a few system calls rather than one a line. pino flushes
  // what is pending when the process exits.
  // Level names and ISO times, as the lines are also read by people (`journalctl`, `docker logs`).
  const json = { level, formatters: { level: (label: string) => ({ level: label }) }, timestamp: pino.stdTimeFunctions.isoTime };
  return pino(json, destination ?? pino.destination({ dest: 1, sync: false }));
}
