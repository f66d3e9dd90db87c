import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The compressed JavaScript a first visit downloads, read from the build (`npm run build`), so it
 * does not depend on timing (docs/product.md "Speed"; docs/performance.md). Each budget is measured in
 * the encoding it is stated in: the public card's 8 kB of script is gzip, what every browser may be sent
 * (brotli, smaller, only where the browser takes it: server/static-files.ts); the signed-in
 * budget is the project's own, in brotli.
 */
const BUDGET = { card: { kb: 8, encoding: "gzip" }, signedIn: { kb: 150, encoding: "brotli" } } as const;
const EXTENSION = { gzip: "gz", brotli: "br" } as const;
/** The screens a signed-in member lands on from the outside: a link, a notification, a bookmark. */
const LANDING_SCREENS = ["dashboard/dashboard", "forum/forum", "forum/topic", "users/user-profile", "users/user-list", "search/search", "notifications/notifications", "messages/messages", "messages/conversation"];

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
/** The size of `keys`' chunks as the build precompressed them (scripts/precompress.ts). */
const compressedKb = (chunks: Record<string, Chunk>, keys: Iterable<string>, encoding: keyof typeof EXTENSION) =>
  [...keys].reduce((sum, key) => sum + statSync(path.join(dist, `${chunks[key]!.file}.${EXTENSION[encoding]}`)).size, 0) / 1024;

test.describe("first-load JavaScript budgets", () => {
  test.beforeAll(() => {
    if (!existsSync(path.join(dist, ".vite/manifest.json"))) throw new Error("No build to measure: run npm run build first");
  });

  // Its whole first load, HTML and CSS included, is measured on the served page: e2e/card-page.spec.ts.
  test(`the public card loads at most ${BUDGET.card.kb} kB ${BUDGET.card.encoding} of script, and none of the app's code nor React`, () => {
    const chunks = manifest();
    const card = staticGraph(chunks, "card.html");
    const app = staticGraph(chunks, "index.html");
    const size = compressedKb(chunks, card, BUDGET.card.encoding);
    console.log(`public card: ${size.toFixed(1)} kB ${BUDGET.card.encoding}`);
    expect(size).toBeLessThanOrEqual(BUDGET.card.kb);
    // The app's entry is no part of it.
    expect(card.has("index.html")).toBe(false);
    expect([...card].some((key) => app.has(key) && chunks[key]!.file.startsWith("assets/app-"))).toBe(false);
    // A plain script: no framework (docs/product.md "Public card page").
    for (const key of card) expect(readFileSync(path.join(dist, chunks[key]!.file), "utf8"), key).not.toMatch(/react\.(transitional\.)?element/);
  });

  test(`a signed-in member's first load is at most ${BUDGET.signedIn.kb} kB ${BUDGET.signedIn.encoding} on every landing screen`, () => {
    const chunks = manifest();
    const app = staticGraph(chunks, "index.html");
    for (const screen of LANDING_SCREENS) {
      const key = `src/app/routes/${screen}.tsx`;
      expect(chunks[key]?.isDynamicEntry, `${screen} is a chunk of its own`).toBe(true);
      const size = compressedKb(chunks, staticGraph(chunks, key, new Set(app)), BUDGET.signedIn.encoding);
      console.log(`${screen}: ${size.toFixed(1)} kB ${BUDGET.signedIn.encoding}`);
      expect(size, screen).toBeLessThanOrEqual(BUDGET.signedIn.kb);
    }
  });
});
