import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { pngOfSize } from "../../test/files";
import { insertMember, signedInAgent, type Agent } from "../../test/fixtures";

const MB = 1024 * 1024;

/** An MP4's first box (`ftyp`, detected as video/mp4) followed by zeros: `bytes` long. */
const videoOfSize = (bytes: number) => {
  const header = Buffer.from("0000001866747970697336360000000169736f6d61766331", "hex");
  return Buffer.concat([header, Buffer.alloc(bytes - header.length)]);
};

describe("upload quota and early refusal", () => {
  let t: TestApp;
  let alice: Agent;
  beforeAll(async () => {
    // A 50 MB quota, so a test reaches it with two files instead of five.
    t = await createTestApp({ UPLOAD_QUOTA_MB: "50" });
    alice = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
  });
  afterAll(() => t.close());

  const incoming = () => readdir(path.join(t.config.UPLOAD_DIR, ".incoming"));
  const upload = (agent: Agent, file: Buffer, kind?: string) => {
    const req = agent.post("/api/upload");
    if (kind) req.field("kind", kind);
    return req.attach("file", file, { filename: "file.bin", contentType: "application/octet-stream" });
  };

  it("refuses a member's file past UPLOAD_QUOTA_MB with 413 Storage quota exceeded (45 MB of zeros behind a video header, twice)", async () => {
    const first = await upload(alice, videoOfSize(45 * MB));
    expect(first.status).toBe(201);
    const second = await upload(alice, videoOfSize(45 * MB));
    expect(second.status).toBe(413);
    expect(second.body).toEqual({ message: "Storage quota exceeded" });
    expect(await incoming()).toEqual([]);
    // What is left still fits.
    expect((await upload(alice, videoOfSize(4 * MB))).status).toBe(201);
  });

  it("holds the quota under parallel uploads", async () => {
    const bob = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(bob, videoOfSize(10 * MB))));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.status === 413).every((res) => res.body.message === "Storage quota exceeded")).toBe(true);
  });

  it("answers a file over its kind's limit as soon as the limit is passed, before the rest is sent, and keeps nothing", async () => {
    const server = await new Promise<http.Server>((resolve) => {
      const listening = t.app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const carol = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
      const cookie = (await carol.get("/api/auth/user")).request.cookies;
      const boundary = "EARLY";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ntrackCover\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const declared = 40 * MB; // a 40 MB cover is announced; the limit for covers is 5 MB
      const { status, message, sentWhenAnswered } = await new Promise<{ status: number; message: string; sentWhenAnswered: number }>((resolve, reject) => {
        let sent = 0;
        const req = http.request({
          host: "127.0.0.1",
          port: (server.address() as net.AddressInfo).port,
          method: "POST",
          path: "/api/upload",
          headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + declared) },
        });
        req.on("response", (res) => {
          const answeredAt = sent;
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, message: JSON.parse(text).message, sentWhenAnswered: answeredAt }));
        });
        req.on("error", (error) => (sent < declared ? undefined : reject(error))); // the server may close while we write
        req.write(head);
        const chunk = pngOfSize(MB);
        // Send 1 MB at a time, waiting for each to drain, up to 12 MB: never the whole announced body.
        const sendMore = () => {
          if (sent >= 12 * MB || req.destroyed) return;
          sent += chunk.length;
          if (req.write(chunk)) setImmediate(sendMore);
          else req.once("drain", sendMore);
        };
        sendMore();
      });
      expect(status).toBe(413);
      expect(message).toBe("File too large: the maximum for this field is 5 MB");
      // Answered while the announced body was still incomplete: without the early refusal multer
      // reads the whole body first, and this request would never be answered.
      expect(sentWhenAnswered).toBeLessThan(declared);
      expect(await incoming()).toEqual([]);
      expect(existsSync(t.config.UPLOAD_DIR)).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
