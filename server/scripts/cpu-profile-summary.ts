import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/**
 * The functions a V8 CPU profile (`node --cpu-prof`) spent most of its samples in, by self time,
 * grouped by function and file: where a request's time goes, for docs/performance.md.
 */
export function summarizeCpuProfiles(dir: string, top = 25): string {
  const selfHits = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { nodes: ProfileNode[] };
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      total += hits;
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url ? `${url.replace(/^file:\/\//, "").replace(/.*node_modules\//, "")}:${lineNumber + 1}` : "(native)";
      const key = `${functionName || "(anonymous)"} ${where}`;
      selfHits.set(key, (selfHits.get(key) ?? 0) + hits);
    }
  }
  const rows = [...selfHits].sort((a, b) => b[1] - a[1]).slice(0, top);
  return rows.map(([key, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)} %  ${key}`).join("\n");
}
