import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time spent by the parts of a benchmark run on this machine, read from /proc (Linux): the
 * server under load (its process and any children, e.g. cluster workers), every PostgreSQL process,
 * and this process (autocannon runs in it). Divided by the requests answered, it says which of them a
 * request costs most, which a throughput ratio alone cannot (docs/performance.md).
 */
export interface CpuTime {
  server: number;
  /** The server process's main thread alone: the event loop, which one process cannot spread over cores. */
  serverMainThread: number;
  postgres: number;
  loadGenerator: number;
  /** All cores together: idle and total. */
  machine: { idle: number; total: number };
}

/** CPU milliseconds per request of each part, and the share of the machine left idle meanwhile. */
export type CpuPerRequest = Omit<CpuTime, "machine"> & { machineIdle: number };

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second on every architecture it runs on. */
const TICK_MS = 10;

interface ProcessStat {
  pid: number;
  parent: number;
  name: string;
  ms: number;
}

function readStat(pid: string, file = `/proc/${pid}/stat`, withEndedChildren = true): ProcessStat | undefined {
  try {
    const text = readFileSync(file, "utf8");
    // The name is in parentheses and may itself hold spaces or parentheses: the fields follow the last ")".
    const close = text.lastIndexOf(")");
    const fields = text.slice(close + 2).split(" ");
    // Its own time and that of its children that have ended (a database connection closed mid-run).
    const ms = (Number(fields[11]) + Number(fields[12]) + (withEndedChildren ? Number(fields[13]) + Number(fields[14]) : 0)) * TICK_MS;
    return { pid: Number(pid), parent: Number(fields[1]), name: text.slice(text.indexOf("(") + 1, close), ms };
  } catch {
    // The process ended between listing and reading.
    return undefined;
  }
}

/** Milliseconds of CPU used so far; undefined where /proc is not available (not Linux). */
export function readCpuTime(serverPid: number): CpuTime | undefined {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  const stats = pids.map((pid) => readStat(pid)).filter((stat): stat is ProcessStat => stat !== undefined);
  const serverTree = new Set([serverPid]);
  // Parents have lower pids than their children nearly always; two passes catch a reused low pid.
  for (let pass = 0; pass < 2; pass++) for (const stat of stats) if (serverTree.has(stat.parent)) serverTree.add(stat.pid);
  const sum = (keep: (stat: ProcessStat) => boolean) => stats.filter(keep).reduce((total, stat) => total + stat.ms, 0);
  const own = process.cpuUsage();
  return {
    server: sum((stat) => serverTree.has(stat.pid)),
    // The thread's own time alone: a task's child-time fields are the whole process's.
    serverMainThread: readStat(`${serverPid}`, `/proc/${serverPid}/task/${serverPid}/stat`, false)?.ms ?? 0,
    postgres: sum((stat) => stat.name === "postgres"),
    loadGenerator: (own.user + own.system) / 1000,
    machine: readMachine(),
  };
}

/** The first line of /proc/stat: every core's time by state; idle and iowait are the time nothing ran. */
function readMachine(): CpuTime["machine"] {
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { idle: (ticks[3]! + ticks[4]!) * TICK_MS, total: ticks.reduce((a, b) => a + b, 0) * TICK_MS };
}

/** CPU milliseconds per request for each part, between two readings. */
export function cpuPerRequest(before: CpuTime | undefined, after: CpuTime | undefined, requests: number): CpuPerRequest | undefined {
  if (!before || !after || requests === 0) return undefined;
  const per = (pick: (time: CpuTime) => number) => (pick(after) - pick(before)) / requests;
  return {
    server: per((time) => time.server),
    serverMainThread: per((time) => time.serverMainThread),
    postgres: per((time) => time.postgres),
    loadGenerator: per((time) => time.loadGenerator),
    machineIdle: (after.machine.idle - before.machine.idle) / Math.max(1, after.machine.total - before.machine.total),
  };
}
