import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time spent by the parts of a benchmark run on this machine, read from /proc (Linux): the
 * server under load (its process and any children, e.g. cluster workers), every PostgreSQL process,
 * and this process (autocannon runs in it). Divided by the requests answered, it says which of them a
 * request costs most, which a throughput ratio alone cannot (docs/performance.md).
 */
export interface CpuTime {
  server: number;
  postgres: number;
  loadGenerator: number;
}

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second on every architecture it runs on. */
const TICK_MS = 10;

interface ProcessStat {
  pid: number;
  parent: number;
  name: string;
  ms: number;
}

function readStat(pid: string): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name is in parentheses and may itself hold spaces or parentheses: the fields follow the last ")".
    const close = text.lastIndexOf(")");
    const fields = text.slice(close + 2).split(" ");
    // Its own time and that of its children that have ended (a database connection closed mid-run).
    const ms = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
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
  const stats = pids.map(readStat).filter((stat): stat is ProcessStat => stat !== undefined);
  const serverTree = new Set([serverPid]);
  // Parents have lower pids than their children nearly always; two passes catch a reused low pid.
  for (let pass = 0; pass < 2; pass++) for (const stat of stats) if (serverTree.has(stat.parent)) serverTree.add(stat.pid);
  const sum = (keep: (stat: ProcessStat) => boolean) => stats.filter(keep).reduce((total, stat) => total + stat.ms, 0);
  const own = process.cpuUsage();
  return {
    server: sum((stat) => serverTree.has(stat.pid)),
    postgres: sum((stat) => stat.name === "postgres"),
    loadGenerator: (own.user + own.system) / 1000,
  };
}

/** CPU milliseconds per request for each part, between two readings. */
export function cpuPerRequest(before: CpuTime | undefined, after: CpuTime | undefined, requests: number): CpuTime | undefined {
  if (!before || !after || requests === 0) return undefined;
  return {
    server: (after.server - before.server) / requests,
    postgres: (after.postgres - before.postgres) / requests,
    loadGenerator: (after.loadGenerator - before.loadGenerator) / requests,
  };
}
