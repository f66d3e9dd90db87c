import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveBuiltFiles } from "./static-files";

const SCRIPT = `console.log(${JSON.stringify("x".repeat(2000))});`;

describe("built files", () => {
  let dir: string;
  let app: express.Express;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "enclave-static-"));
    await mkdir(path.join(dir, "assets"));
    const script = path.join(dir, "assets", "app-abc123.js");
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    await writeFile(path.join(dir, "favicon.svg"), "<svg/>");
    app = express().use(serveBuiltFiles(dir));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("sends a hashed asset precompressed, brotli first, as immutable for a year", async () => {
    const brotli = await request(app).get("/assets/app-abc123.js").set("Accept-Encoding", "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.text).toBe(SCRIPT);

    const gzip = await request(app).get("/assets/app-abc123.js").set("Accept-Encoding", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.text).toBe(SCRIPT);

    const plain = await request(app).get("/assets/app-abc123.js").set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it("answers a missing asset with 404, not a page, and lets other files revalidate", async () => {
    expect((await request(app).get("/assets/app-gone.js")).status).toBe(404);
    const favicon = await request(app).get("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).not.toMatch(/immutable/);
  });
});
