import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startTestBucket, type TestBucket } from "../test/s3";
import { newStoredName } from "./files";
import { createUploadStorage, StorageUnavailable, type S3UploadStorage } from "./storage";

/** The S3 storage against a real S3 server (s3rver on loopback), through the real AWS SDK. */
describe("uploads in an S3-compatible bucket", () => {
  let bucket: TestBucket;
  let dir: string;
  let storage: S3UploadStorage;
  const failures: string[] = [];

  beforeAll(async () => {
    bucket = await startTestBucket();
    dir = await mkdtemp(path.join(os.tmpdir(), "enclave-s3-storage-"));
    const config = loadConfig({ UPLOAD_DIR: path.join(dir, "uploads"), ...bucket.env });
    const made = createUploadStorage(config, { failed: (operation) => failures.push(operation) });
    if (made.kind !== "s3") throw new Error("S3_BUCKET must choose the bucket");
    storage = made;
    await mkdir(storage.incomingDir, { recursive: true });
  });
  afterAll(async () => {
    await bucket?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Stores `content` under a new name through a local file, as an upload is stored. */
  const put = async (content: string, ext = "mp3") => {
    const name = newStoredName(ext);
    const file = path.join(storage.incomingDir, `${name}.part`);
    await writeFile(file, content);
    await storage.put(name, file, "audio/mpeg");
    expect(existsSync(file)).toBe(false);
    return name;
  };

  it("puts an object and reads it back whole, as a stream, and by byte range with its ETag", async () => {
    const name = await put("0123456789abcdef");
    expect((await storage.read(name))?.toString()).toBe("0123456789abcdef");
    expect(await text((await storage.open(name))!)).toBe("0123456789abcdef");

    const whole = await storage.get(name, {});
    if (whole.status !== 200) throw new Error(`expected 200, got ${whole.status}`);
    expect(await text(whole.body)).toBe("0123456789abcdef");
    expect(whole.contentLength).toBe(16);
    expect(whole.etag).toMatch(/^"[0-9a-f]{32}"$/);

    const part = await storage.get(name, { range: "bytes=4-7" });
    if (part.status !== 206) throw new Error(`expected 206, got ${part.status}`);
    expect(await text(part.body)).toBe("4567");
    expect(part.contentRange).toBe("bytes 4-7/16");

    expect(await storage.get(name, { ifNoneMatch: whole.etag })).toMatchObject({ status: 304 });
    expect(await storage.get(name, { range: "bytes=100-200" })).toMatchObject({ status: 416 });
  });

  it("answers a missing object as none, not as a failure", async () => {
    const missing = newStoredName("png");
    expect(await storage.read(missing)).toBeUndefined();
    expect(await storage.open(missing)).toBeUndefined();
    expect(await storage.get(missing, {})).toEqual({ status: 404 });
    await storage.remove([missing]);
  });

  it("lists stored names only, with their times, and removes objects in batches", async () => {
    const names = [await put("a"), await put("b"), await put("c")];
    const listed = new Map<string, Date>();
    for await (const object of storage.list()) listed.set(object.name, object.modifiedAt);
    for (const name of names) expect(Math.abs(listed.get(name)!.getTime() - Date.now())).toBeLessThan(60_000);
    await storage.remove(names.slice(0, 2));
    const left: string[] = [];
    for await (const object of storage.list()) left.push(object.name);
    expect(names.filter((name) => left.includes(name))).toEqual([names[2]]);
  });

  it("says a bucket out of reach is unavailable (503, Retry-After) and counts each failure", async () => {
    const kept = await put("kept while the bucket is down");
    await bucket.stop();
    try {
      failures.length = 0;
      const file = path.join(storage.incomingDir, "down.part");
      await writeFile(file, "never stored");
      const refused = await storage.put(newStoredName("mp3"), file, "audio/mpeg").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StorageUnavailable);
      expect(refused).toMatchObject({ status: 503, headers: { "Retry-After": "30" } });
      await expect(storage.read(kept)).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.get(kept, {})).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.remove([kept])).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.list()[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(StorageUnavailable);
      expect(failures).toEqual(["put", "get", "get", "delete", "list"]);
      await rm(file, { force: true });
    } finally {
      await bucket.start();
    }
    // Nothing stored before was lost.
    expect((await storage.read(kept))?.toString()).toBe("kept while the bucket is down");
  });
});
