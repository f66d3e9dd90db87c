import zlib from "node:zlib";
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { compressAnswers } from "./compress-answers";
import { sendJsonWithETag } from "./etag";
import { PreparedJson } from "./prepared-json";

const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `item ${i} ✓` })) };
// Over the size compressed on the thread pool (a big topic page).
const huge = { items: Array.from({ length: 2000 }, (_, i) => ({ id: i, text: `item ${i} ✓ ${"word ".repeat(i % 13)}` })) };

const preparedLarge = new PreparedJson(JSON.stringify(large));
const preparedHuge = new PreparedJson(JSON.stringify(huge));
const preparedSmall = new PreparedJson(JSON.stringify({ ok: true }));

function app() {
  const server = express();
  server.use(compressAnswers());
  server.get("/large", (_req, res) => res.json(large));
  server.get("/huge", (_req, res) => res.json(huge));
  for (const [path, body] of [["/prepared-large", preparedLarge], ["/prepared-huge", preparedHuge], ["/prepared-small", preparedSmall]] as const) {
    server.get(path, (req, res) => sendJsonWithETag(req, res, body));
  }
  server.get("/small", (_req, res) => res.json({ ok: true }));
  server.get("/page", (_req, res) => res.send(`<p>${"ü".repeat(2000)}</p>`));
  server.get("/already", (_req, res) => res.type("text").set("Content-Encoding", "gzip").send(zlib.gzipSync("x".repeat(2000))));
  return server;
}

// supertest decodes brotli and gzip itself: the tests read the encoding from the headers and the decoded body.
const get = (path: string, acceptEncoding: string) => request(app()).get(path).set("Accept-Encoding", acceptEncoding);

describe("compressAnswers", () => {
  it("sends a large answer with brotli when accepted, else gzip, with its type, and says it varies", async () => {
    const br = await get("/large", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.body).toEqual(large);
    expect(Number(br.headers["content-length"])).toBeLessThan(JSON.stringify(large).length / 4);

    const gzip = await get("/large", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body).toEqual(large);
  });

  it("compresses an answer of tens of kB off the event loop, with brotli or gzip, whole", async () => {
    expect(JSON.stringify(huge).length).toBeGreaterThan(16 * 1024);
    for (const encoding of ["br", "gzip"]) {
      const res = await get("/huge", encoding);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.body).toEqual(huge);
      expect(Number(res.headers["content-length"])).toBeLessThan(JSON.stringify(huge).length / 4);
    }
  });

  it("sends a page as UTF-8 HTML, compressed", async () => {
    const res = await get("/page", "br");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.text).toBe(`<p>${"ü".repeat(2000)}</p>`);
  });

  it("leaves alone small answers, clients that take no compression, refused encodings and answers already encoded", async () => {
    expect((await get("/small", "br")).headers["content-encoding"]).toBeUndefined();
    const plain = await get("/large", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(large)));
    expect((await get("/large", "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
    const already = await get("/already", "br");
    expect(already.headers["content-encoding"]).toBe("gzip");
    expect(already.text).toBe("x".repeat(2000));
  });

  it("answers a repeated request with 304 when its ETag matches", async () => {
    const first = await get("/large", "br");
    const again = await request(app()).get("/large").set("Accept-Encoding", "br").set("If-None-Match", first.headers.etag!);
    expect(again.status).toBe(304);
  });

  it("sends a prepared answer as the same JSON sent plainly would go, compressing it once per encoding", async () => {
    for (const [prepared, plain, body] of [[preparedLarge, "/large", large], [preparedHuge, "/huge", huge]] as const) {
      for (const encoding of ["br", "gzip", "identity"]) {
        const expected = await get(plain, encoding);
        const first = await get(`/prepared-${plain.slice(1)}`, encoding);
        const again = await get(`/prepared-${plain.slice(1)}`, encoding);
        for (const res of [first, again]) {
          expect(res.body).toEqual(body);
          for (const header of ["content-type", "content-encoding", "content-length", "vary"]) expect(res.headers[header]).toBe(expected.headers[header]);
          expect(res.headers.etag).toBe(prepared.etag);
        }
      }
      // Made by the first request of each encoding and reused by the second: the same Buffer, not a copy.
      const kept = { ...prepared.compressed };
      expect(Object.keys(kept).sort()).toEqual(["br", "gzip"]);
      await get(`/prepared-${plain.slice(1)}`, "br");
      expect(prepared.compressed.br).toBe(kept.br);
      expect(Buffer.isBuffer(kept.br)).toBe(true);
    }
    const small = await get("/prepared-small", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(small.body).toEqual({ ok: true });
    expect(preparedSmall.compressed).toEqual({});
  });

  it("leaves a prepared answer what sendJsonWithETag sends for the same value, where nothing compresses", async () => {
    const bare = express();
    bare.get("/value", (req, res) => sendJsonWithETag(req, res, large));
    bare.get("/prepared", (req, res) => sendJsonWithETag(req, res, preparedLarge));
    const [value, prepared] = [await request(bare).get("/value"), await request(bare).get("/prepared")];
    expect(prepared.text).toBe(value.text);
    for (const header of ["content-type", "content-length", "etag", "cache-control"]) expect(prepared.headers[header]).toBe(value.headers[header]);
    expect((await request(bare).get("/prepared").set("If-None-Match", preparedLarge.etag)).status).toBe(304);
  });
});
