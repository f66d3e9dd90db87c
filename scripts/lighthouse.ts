/**
 * `npm run lighthouse`: Lighthouse (mobile, its default config) against the production build, with
 * the system Chromium, for the public card page and the signed-out pages
 * (docs/decisions/045-lighthouse-script.md).
 *
 *   npm run lighthouse -- [--runs 5] [--reports DIR] [--chrome PATH]
 *
 * --chrome defaults to /usr/bin/chromium, else Debian's /usr/bin/chromium-headless-shell (what CI
 * installs for the browser tests).
 *
 * Builds the app first when dist/ is missing (`npm run build`), starts it as `npm start` would
 * (NODE_ENV=production) on a free port with a throwaway DATA_DIR, registers a member whose public
 * card has an avatar, a description, a place, badges and a few links, then runs Lighthouse `--runs`
 * times on each URL and prints the median of each category score and of LCP. With --reports, every
 * run's JSON and HTML report is written there.
 *
 * Exits 1 when the card scores under 95 in performance or under 100 in accessibility, best
 * practices or SEO, or when /, /login or /register has a median LCP of 2.5 s or more.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer, type TestServer } from "../e2e/support/server";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    reports: { type: "string" },
    chrome: { type: "string", default: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : "/usr/bin/chromium-headless-shell" },
  },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number of at least 1, not ${args.runs}`);
const root = path.resolve(import.meta.dirname, "..");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
/** The card's targets, in Lighthouse's 0–100 scores. */
const CARD_TARGET: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
/** The signed-out pages' largest contentful paint must stay under this (ms). */
const SIGNED_OUT_LCP_MS = 2500;
const PASSWORD = "Lighthouse-Pass1";

interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
}

function ensureBuild() {
  if (existsSync(path.join(root, "dist/server/index.js")) && existsSync(path.join(root, "dist/public/index.html"))) return;
  console.log("dist/ is missing: building the app (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** A small RGB PNG, a diagonal gradient, for the avatar (the server re-encodes it). */
async function avatarPng(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const size = 256;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      pixels.set([Math.round(40 + 180 * t), Math.round(90 + 60 * t), Math.round(200 - 120 * t)], (y * size + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

/** A fetch that keeps one session cookie, as a signed-in browser would. */
function client(baseURL: string) {
  let cookie = "";
  return async function call(method: string, pathname: string, body?: unknown, expected = [200, 201]): Promise<unknown> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${baseURL}${pathname}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body && !isForm ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().map((value) => value.split(";")[0]!);
    if (set.length) cookie = set.join("; ");
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** Registers an administrator and a member with a full public card; returns the member's username. */
async function createCard(server: TestServer): Promise<string> {
  if (!server.setupInviteCode) throw new Error("the server logged no setup invite code (its database is not new)");
  const founder = client(server.baseURL);
  await founder("POST", "/api/auth/register", { username: "founder", password: PASSWORD, inviteCode: server.setupInviteCode });
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, "dist/server/cli.js"), "invite"], { env: { ...process.env, DATA_DIR: server.dataDir } });
  const inviteCode = stdout.trim().split("\n").at(-1)!.trim();

  const username = "adalovelace";
  const member = client(server.baseURL);
  await member("POST", "/api/auth/register", { username, password: PASSWORD, inviteCode });
  const { id } = (await member("GET", "/api/auth/user")) as { id: number };
  const form = new FormData();
  form.append("kind", "avatar");
  form.append("file", new Blob([await avatarPng()], { type: "image/png" }), "avatar.png");
  const { url: avatar } = (await member("POST", "/api/upload", form)) as { url: string };
  await member("PATCH", "/api/auth/profile", { avatar });
  await member("POST", "/api/bio");
  await member("PATCH", "/api/bio", {
    displayName: "Ada Lovelace",
    bioText: "Writes about analytical engines, poetry and the numbers of Bernoulli. Say hello below.",
    location: "London",
    isPublic: true,
    showBadges: true,
    showAvatar: true,
  });
  for (const [title, url, iconName] of [
    ["Portfolio", "https://example.com/", "Globe"],
    ["Videos", "https://youtube.com/@ada", "YouTube"],
    ["Code", "https://github.com/ada", "Github"],
    ["Write to me", "mailto:ada@example.com", "Mail"],
  ]) {
    await member("POST", "/api/user/links", { title, url, iconType: "built-in", iconName });
  }
  for (const badgeType of ["verified", "trusted_user"]) await founder("POST", `/api/admin/users/${id}/badges`, { badgeType });
  // What is measured is a real card: its avatar, badges and links are on the page a visitor gets.
  const page = await (await fetch(`${server.baseURL}/${username}`)).text();
  const missing = [
    ["the avatar", /<img[^>]+src="\/uploads\//],
    ["badges", /data-badge/],
    ["four links", /(?:href="(?:https|mailto)[^"]*"[\s\S]*){4}/],
  ].filter(([, pattern]) => !(pattern as RegExp).test(page));
  if (missing.length) throw new Error(`the card page lacks ${missing.map(([what]) => what).join(", ")}:\n${page}`);
  return username;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One Lighthouse run; one that failed to record (e.g. NO_NAVSTART, a trace now and then) is tried again, twice at most. */
async function lighthouseRun(port: number, url: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: ["json", "html"], logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    console.log(`  (${url}: ${error.code}; trying again)`);
  }
}

async function measure(port: number, url: string, label: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { lhr, report } = await lighthouseRun(port, url);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<Category, number>;
    const lcpMs = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
    runs.push({ scores, lcpMs });
    console.log(`  ${label} run ${run}: ${CATEGORIES.map((id) => scores[id]).join("/")}, LCP ${(lcpMs / 1000).toFixed(2)} s`);
    if (args.reports) {
      const [json, html] = report as string[];
      const base = path.join(path.resolve(args.reports), `${label.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${run}`);
      writeFileSync(`${base}.json`, json!);
      writeFileSync(`${base}.html`, html!);
    }
  }
  return runs;
}

async function main(): Promise<number> {
  ensureBuild();
  if (args.reports) mkdirSync(path.resolve(args.reports), { recursive: true });
  const scratch = mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
  let server: TestServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    server = await startServer({ dir: scratch, port: 0 });
    const username = await createCard(server);
    // Lighthouse is pointed at localhost, as a visitor would name the site (not 127.0.0.1).
    const base = server.baseURL.replace("127.0.0.1", "localhost");
    chrome = await chromeLauncher.launch({ chromePath: args.chrome, chromeFlags: ["--headless=new", "--no-sandbox"] });
    const pages = [`/${username}`, "/", "/login", "/register"];
    const results = new Map<string, Run[]>();
    for (const page of pages) results.set(page, await measure(chrome.port, `${base}${page}`, page));

    console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : "1 run"}, mobile (performance / accessibility / best practices / SEO, LCP):`);
    const misses: string[] = [];
    for (const page of pages) {
      const runs = results.get(page)!;
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id]))])) as Record<Category, number>;
      const lcpMs = median(runs.map((run) => run.lcpMs));
      console.log(`  ${page.padEnd(16)} ${CATEGORIES.map((id) => String(scores[id]).padStart(3)).join(" ")}   LCP ${(lcpMs / 1000).toFixed(2)} s`);
      if (page === `/${username}`) {
        for (const id of CATEGORIES) if (!(scores[id] >= CARD_TARGET[id])) misses.push(`the card's ${id} is ${scores[id]}, under ${CARD_TARGET[id]}`);
      } else if (!(lcpMs < SIGNED_OUT_LCP_MS)) {
        misses.push(`${page}'s LCP is ${(lcpMs / 1000).toFixed(2)} s, not under ${SIGNED_OUT_LCP_MS / 1000} s`);
      }
    }
    for (const miss of misses) console.error(`MISSED: ${miss}`);
    if (!misses.length) console.log("Every target met.");
    return misses.length ? 1 : 0;
  } finally {
    await chrome?.kill();
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

process.exitCode = await main();
