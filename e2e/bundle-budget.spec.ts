import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The compressed JavaScript a first visit downloads, read from the build (`npm run build`), so it
 * does not depend on timing (docs/product.md "Speed"; docs/performance.md). Sizes are brotli, as the
 * server sends them (server/static-files.ts).
 */
const BUDGET_KB = { card: 110, signedIn: 170 };
/** The screens a signed-in member lands on from the outside: a link, a notification, a bookmark. */
const LANDING_SCREENS = ["dashboard/dashboard", "forum/forum", "forum/topic", "users/user-profile", "users/user-list", "search/search", "notifications/notifications"];

const dist = path.resolve("dist/public");
interface Chunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}
const manifest = (): Record<string, Chunk> => JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));

/** The chunks a module loads before it runs: itself and its static imports, transitively. */
function staticGraph(chunks: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunks[key]?.imports ?? []) staticGraph(chunks, imported, seen);
  return seen;
}
const brotliKb = (chunks: Record<string, Chunk>, keys: Iterable<string>) =>
  [...keys].reduce((sum, key) => sum + statSync(path.join(dist, `${chunks[key]!.file}.br`)).size, 0) / 1024;

test.describe("first-load JavaScript budgets", () => {
  test.beforeAll(() => {
    if (!existsSync(path.join(dist, ".vite/manifest.json"))) throw new Error("No build to measure: run npm run build first");
  });

  test(`the public card loads at most ${BUDGET_KB.card} kB, and none of the app's code`, () => {
    const chunks = manifest();
    const card = staticGraph(chunks, "card.html");
    const app = staticGraph(chunks, "index.html");
    const size = brotliKb(chunks, card);
    console.log(`public card: ${size.toFixed(1)} kB`);
    expect(size).toBeLessThanOrEqual(BUDGET_KB.card);
    // Shared libraries (React) are fine; the app's entry itself is not.
    expect(card.has("index.html")).toBe(false);
    expect([...card].some((key) => app.has(key) && chunks[key]!.file.startsWith("assets/app-"))).toBe(false);
  });

  test(`a signed-in member's first load is at most ${BUDGET_KB.signedIn} kB on every landing screen`, () => {
    const chunks = manifest();
    const app = staticGraph(chunks, "index.html");
    for (const screen of LANDING_SCREENS) {
      const key = `src/app/routes/${screen}.tsx`;
      expect(chunks[key]?.isDynamicEntry, `${screen} is a chunk of its own`).toBe(true);
      const size = brotliKb(chunks, staticGraph(chunks, key, new Set(app)));
      console.log(`${screen}: ${size.toFixed(1)} kB`);
      expect(size, screen).toBeLessThanOrEqual(BUDGET_KB.signedIn);
    }
  });
});
