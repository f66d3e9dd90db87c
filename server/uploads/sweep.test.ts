import { existsSync } from "node:fs";
import { utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FILE_FIELD_KINDS } from "@shared/constants";
import { FILE_FIELDS } from "@shared/schemas/bio";
import { uploads, users } from "../db/schema";
import { createLogger } from "../logger";
import { createTestApp, type TestApp } from "../test/app";
import { MP3_SILENCE, PNG_1X1 } from "../test/files";
import { insertMember, signedInAgent, type Agent } from "../test/fixtures";
import { INCOMING_DIR } from "./files";
import { claimOwnUpload } from "./ownership";
import { ORPHAN_AFTER_MS, SWEEP_EVERY_MS, startOrphanSweeps, sweepOrphanUploads } from "./sweep";

const HOUR = 60 * 60 * 1000;

describe("sweeping unreferenced uploads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Sweeps as if the clock read `hours` from now. */
  const sweepAt = (hours: number) => sweepOrphanUploads(t.database.db, t.storage, new Date(Date.now() + hours * HOUR));
  const newMember = async () => signedInAgent(t.app, (await insertMember(t.database.db)).username);
  const uploadFile = async (agent: Agent, kind = "avatar", file = PNG_1X1) => {
    const res = await agent.post("/api/upload").field("kind", kind).attach("file", file, { filename: "a.bin", contentType: "application/octet-stream" });
    expect(res.status).toBe(201);
    return res.body.url as string;
  };
  const fileOf = (url: string) => path.join(t.config.UPLOAD_DIR, path.basename(url));
  /** Whether the upload is still there: its row, its file on disk, and served. */
  const kept = async (url: string) => {
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.filename, path.basename(url)));
    const served = (await request(t.app).get(url)).status === 200;
    expect(existsSync(fileOf(url))).toBe(rows.length === 1);
    expect(served).toBe(rows.length === 1);
    return rows.length === 1;
  };

  it("keeps a file any field refers to: the profile avatar, each card file field, a link icon", async () => {
    const agent = await newMember();
    const avatar = await uploadFile(agent);
    expect((await agent.patch("/api/auth/profile").send({ avatar })).status).toBe(200);
    expect((await agent.post("/api/bio")).status).toBe(201);
    const cardFiles: Record<string, string> = {};
    for (const field of FILE_FIELDS) cardFiles[field] = await uploadFile(agent, FILE_FIELD_KINDS[field], field === "trackAudio" ? MP3_SILENCE : PNG_1X1);
    expect((await agent.patch("/api/bio").send(cardFiles)).status).toBe(200);
    const icon = await uploadFile(agent, "linkIcon");
    const link = await agent.post("/api/user/links").send({ title: "Site", url: "https://example.com", iconType: "custom", iconUrl: icon });
    expect(link.status).toBe(201);

    // Two sweeps a day apart: a file the first found unreferenced would go in the second.
    expect(await sweepAt(48)).not.toBeNull();
    expect(await sweepAt(48 + 25)).not.toBeNull();
    for (const url of [avatar, ...Object.values(cardFiles), icon]) expect(await kept(url), url).toBe(true);
  });

  it("keeps a file nobody refers to for 24 hours after its upload, then removes its row and its file", async () => {
    const agent = await newMember();
    const url = await uploadFile(agent);
    await sweepAt(23);
    expect(await kept(url)).toBe(true);
    expect((await sweepAt(25))?.removed).toBeGreaterThanOrEqual(1);
    expect(await kept(url)).toBe(false);
    // Gone for good: a field can no longer point at it.
    expect((await agent.patch("/api/auth/profile").send({ avatar: url })).status).toBe(400);
  });

  it("counts the 24 hours from when nothing refers to a file any more, not from its upload", async () => {
    const agent = await newMember();
    const first = await uploadFile(agent);
    await agent.patch("/api/auth/profile").send({ avatar: first });
    await sweepAt(30); // referenced: kept, and not marked
    expect(await kept(first)).toBe(true);
    await agent.patch("/api/auth/profile").send({ avatar: await uploadFile(agent) });
    await sweepAt(40); // the first sweep to find it unreferenced
    await sweepAt(40 + 23);
    expect(await kept(first)).toBe(true);
    await sweepAt(40 + 25);
    expect(await kept(first)).toBe(false);
  });

  it("keeps a file referenced again before the sweep, even after 24 unreferenced hours", async () => {
    const agent = await newMember();
    const url = await uploadFile(agent);
    await sweepAt(20);
    // Saved into a link icon (the same field rule) after sitting unreferenced, then the sweep runs late.
    expect((await agent.post("/api/user/links").send({ title: "Site", url: "https://example.com", iconType: "custom", iconUrl: url })).status).toBe(201);
    await sweepAt(50);
    expect(await kept(url)).toBe(true);
  });

  it("keeps a file a field is being pointed at: checking the field's upload clears its mark, so a sweep before the write cannot take it", async () => {
    const user = await insertMember(t.database.db);
    const url = await uploadFile(await signedInAgent(t.app, user.username));
    await claimOwnUpload(t.database.db, user.id, url, "avatar");
    await sweepAt(25);
    expect(await kept(url)).toBe(true);
  });

  it("keeps a file a field points at without having marked it (written by other means), and clears its mark", async () => {
    const user = await insertMember(t.database.db);
    const url = await uploadFile(await signedInAgent(t.app, user.username));
    const filename = path.basename(url);
    await t.database.db.update(uploads).set({ unreferencedSince: new Date(Date.now() - ORPHAN_AFTER_MS - HOUR) }).where(eq(uploads.filename, filename));
    await t.database.db.update(users).set({ avatar: url }).where(eq(users.id, user.id));
    await sweepAt(0);
    expect(await kept(url)).toBe(true);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.filename, filename));
    expect(row!.unreferencedSince).toBeNull();
  });

  it("removes files on disk that have no row and incoming parts, once they are 24 hours old", async () => {
    const stray = path.join(t.config.UPLOAD_DIR, `${"e".repeat(32)}.png`);
    const part = path.join(t.config.UPLOAD_DIR, INCOMING_DIR, `${"f".repeat(32)}.part`);
    for (const file of [stray, part]) await writeFile(file, PNG_1X1);
    await sweepAt(23);
    expect([existsSync(stray), existsSync(part)]).toEqual([true, true]);
    const dayAgo = new Date(Date.now() - ORPHAN_AFTER_MS - HOUR);
    for (const file of [stray, part]) await utimes(file, dayAgo, dayAgo);
    expect((await sweepAt(0))?.strays).toBe(2);
    expect([existsSync(stray), existsSync(part)]).toEqual([false, false]);
  });

  it("lets one process sweep at a time: while another holds the lock, a sweep does nothing", async () => {
    const url = await uploadFile(await newMember());
    const other = await t.database.pool.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock(7314003)");
      expect(await sweepAt(25)).toBeNull();
      expect(await kept(url)).toBe(true);
    } finally {
      await other.query("ROLLBACK");
      other.release();
    }
    await sweepAt(25);
    expect(await kept(url)).toBe(false);
  });

  it("sweeps on a timer in the server process", async () => {
    const url = await uploadFile(await newMember());
    await t.database.db.update(uploads).set({ unreferencedSince: new Date(Date.now() - ORPHAN_AFTER_MS - HOUR) }).where(eq(uploads.filename, path.basename(url)));
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const stop = startOrphanSweeps(t.database.db, t.storage, createLogger({ level: "silent" }));
      try {
        expect(await kept(url)).toBe(true);
        vi.advanceTimersByTime(SWEEP_EVERY_MS);
        await vi.waitFor(async () => expect(await kept(url)).toBe(false));
      } finally {
        stop();
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
