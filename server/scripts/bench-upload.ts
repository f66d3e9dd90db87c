/**
 * Shows that re-encoding one member's 25 MB photo does not hold up everyone else: the whole app runs
 * on an ephemeral port against the configured database while a separate thread asks
 * `GET /api/health` every 10 ms, first with nothing else going on, then while a member uploads a
 * 25 MB JPEG (with GPS in its EXIF) as an avatar, a few times in a row. Printed: the health check's
 * latency and the server's event-loop delay in both phases, the upload times, and what was stored
 * (size, dimensions, whether any EXIF is left).
 *
 *   npm run bench:upload -- [--uploads 3]
 */
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { hashPassword } from "../auth/password";
import { deleteUser } from "../commands/delete-user";
import { loadConfig } from "../config";
import { createDatabase } from "../db/client";
import { openDatabaseServer } from "../db/connect";
import { users } from "../db/schema";
import { createLogger } from "../logger";
import { createLocalStorage } from "../uploads/storage";
import { startBenchApp } from "./bench-app";

const { values: args } = parseArgs({ options: { uploads: { type: "string", default: "3" } } });
const MB = 1024 * 1024;

/** A phone-sized photo of noise (which compresses badly) with GPS in its EXIF, just under 25 MB. */
async function bigPhoto(): Promise<Buffer> {
  const [width, height] = [6000, 4500];
  const photo = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .jpeg({ quality: 94 })
    .withExif({ IFD0: { Make: "BenchPhone", Model: "Bench 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2964/100" } })
    .toBuffer();
  if (photo.length > 25 * MB) throw new Error(`The test photo is ${(photo.length / MB).toFixed(1)} MB, over the 25 MB avatar limit`);
  return photo;
}

/** Asks GET /api/health every 10 ms from its own thread and reports the latencies of each phase. */
const PROBER = `
const { parentPort, workerData } = require("node:worker_threads");
let samples = [];
let running = true;
parentPort.on("message", (message) => {
  if (message === "report") { parentPort.postMessage(samples); samples = []; }
  if (message === "stop") running = false;
});
(async () => {
  while (running) {
    const started = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();
`;

/** The member uploading, in a thread of its own too, so the client's work does not count against the server. */
const UPLOADER = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const times = [];
  const urls = [];
  for (let i = 0; i < workerData.count; i++) {
    const form = new FormData();
    form.set("kind", "avatar");
    form.set("file", new Blob([workerData.photo], { type: "image/jpeg" }), "photo.jpg");
    const started = performance.now();
    const res = await fetch(workerData.url, { method: "POST", headers: { cookie: workerData.cookie }, body: form });
    if (res.status !== 201) throw new Error("upload: " + res.status + " " + (await res.text()));
    times.push(performance.now() - started);
    urls.push((await res.json()).url);
  }
  parentPort.postMessage({ times, urls });
})();
`;

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `n=${sorted.length} median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

const config = loadConfig();
const logger = createLogger({ level: "warn" });
const server = await openDatabaseServer(config, logger, { attachToRunning: true });
const database = createDatabase(server.url, logger);
const uploadDir = await mkdtemp(path.join(os.tmpdir(), "enclave-bench-upload-"));
const { base, stop } = await startBenchApp(
  { ...config, UPLOAD_DIR: uploadDir, S3: undefined, RATE_LIMIT_API_PER_MINUTE: 1_000_000, RATE_LIMIT_UPLOADS_PER_MINUTE: 1_000_000 },
  database,
);

const password = "Bench-upload-1";
const [member] = await database.db
  .insert(users)
  .values({ username: `bench_${Date.now() % 1e8}`, password: await hashPassword(password, config.BCRYPT_COST) })
  .returning();
const prober = new Worker(PROBER, { eval: true, workerData: { url: `${base}/api/health` } });
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
const phase = async (name: string, run: () => Promise<void>) => {
  loopDelay.reset();
  loopDelay.enable();
  await run();
  loopDelay.disable();
  prober.postMessage("report");
  const [latencies] = (await once(prober, "message")) as [number[]];
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(`${name}\n  GET /api/health: ${summary(latencies)}`);
  console.log(`  event-loop delay: median ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms`);
};

try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: member!.username, password }),
  });
  if (!login.ok) throw new Error(`Could not sign in: ${login.status}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const photo = await bigPhoto();
  console.log(`Photo: ${(photo.length / MB).toFixed(1)} MB JPEG, 6000x4500, EXIF with GPS; sharp threads per image: ${sharp.concurrency()}, cores: ${os.availableParallelism()}`);

  await new Promise((resolve) => setTimeout(resolve, 1000)); // the prober warms up
  prober.postMessage("report");
  await once(prober, "message");
  await phase("Idle (5 s)", () => new Promise((resolve) => setTimeout(resolve, 5000)));

  let uploaded = { times: [] as number[], urls: [] as string[] };
  await phase(`While uploading the photo ${args.uploads} times in a row`, async () => {
    const uploader = new Worker(UPLOADER, { eval: true, workerData: { url: `${base}/api/upload`, cookie, photo, count: Number(args.uploads) } });
    [uploaded] = (await once(uploader, "message")) as [typeof uploaded];
    await uploader.terminate();
  });
  const times = uploaded.times;
  const stored = uploaded.urls;
  console.log(`Upload (transfer, checks, re-encode, store): ${summary(times)}`);
  const kept = await readFile(path.join(uploadDir, path.basename(stored[0]!)));
  const meta = await sharp(kept).metadata();
  console.log(`Stored: ${(kept.length / 1024).toFixed(0)} KiB ${meta.format} ${meta.width}x${meta.height}, EXIF ${meta.exif ? "present" : "none"}, ICC ${meta.icc ? "present" : "none"}`);
} finally {
  prober.postMessage("stop");
  await prober.terminate();
  await deleteUser(database.db, member!.id, { batchSize: config.MEMBER_DELETION_BATCH_SIZE, storage: createLocalStorage(uploadDir) });
  await stop();
  await database.pool.end();
  await server.stop();
  await rm(uploadDir, { recursive: true, force: true });
}
