type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type LogFields = Record<string, unknown>;
export type Logger = Record<Level, (message: string, fields?: LogFields) => void>;

interface LoggerOptions {
  level?: Level | "silent";
  /** `json`: one object per line, for machines; `pretty`: a readable line, for a developer's terminal. */
  format?: "json" | "pretty";
}

export function createLogger({ level = "info", format = "json" }: LoggerOptions = {}): Logger {
  const write = (lineLevel: Level) => (message: string, fields: LogFields = {}) => {
    if (order[lineLevel] < order[level]) return;
    const time = new Date().toISOString();
    const line =
      format === "json"
        ? JSON.stringify({ time, level: lineLevel, msg: message, ...fields })
        : `${time.slice(11, 19)} ${lineLevel.toUpperCase().padEnd(5)} ${message}${prettyFields(fields)}`;
    if (lineLevel === "error") {
      flushStdout();
      process.stderr.write(line + "\n");
    } else writeStdout(line + "\n");
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

function prettyFields(fields: LogFields): string {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? "" : " " + entries.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(" ");
}

/**
 * Lines for stdout are written together once per turn of the event loop: under load one write
 * carries a burst of request lines instead of one write (a system call on a pipe) each. Errors are
 * written at once, after whatever is pending, and nothing pending is lost when the process exits.
 */
let pendingStdout = "";
let flushScheduled = false;

function writeStdout(text: string) {
  pendingStdout += text;
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flushStdout);
}

function flushStdout() {
  flushScheduled = false;
  if (pendingStdout === "") return;
  const text = pendingStdout;
  pendingStdout = "";
  process.stdout.write(text);
}

process.on("exit", flushStdout);
