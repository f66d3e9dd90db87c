import zlib from "node:zlib";
import type { RequestHandler } from "express";
import { preparedBeingSent, type Encoding } from "./prepared-json";

/** Smaller answers go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;
/**
 * From this size an answer is compressed on libuv's thread pool: brotli takes about 0.5 ms for a
 * 70 kB topic page, time in which the event loop would answer no one else (docs/performance.md).
 * Below it the hand-off costs more than it frees.
 */
const OFF_THREAD_BYTES = 16 * 1024;

type Compressed = (error: Error | null, result: Buffer) => void;

// The fastest levels: brotli 1 takes a third of the time of brotli 4 for about 6 % more bytes.
const brotliOptions = (body: Buffer): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});
const gzipOptions: zlib.ZlibOptions = { level: 1 };

const compressNow: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body, brotliOptions(body)),
  gzip: (body) => zlib.gzipSync(body, gzipOptions),
};
const compressOffThread: Record<Encoding, (body: Buffer, done: Compressed) => void> = {
  br: (body, done) => zlib.brotliCompress(body, brotliOptions(body), done),
  gzip: (body, done) => zlib.gzip(body, gzipOptions, done),
};

/**
 * Compresses what `res.send` sends whole (API answers, pages) over 1 kB with brotli or gzip, as the
 * request accepts, in one call: synchronous for an answer of a few kB (about 0.05 ms), on the thread
 * pool from OFF_THREAD_BYTES. The stream-based `compression` middleware spent ten times that on its
 * machinery (a zlib stream per answer), which on a topic page was a third of the request's cost
 * (docs/performance.md). Built assets are precompressed (static-files.ts) and never pass here. A
 * PreparedJson (sendJsonWithETag) is compressed once per encoding and its bytes kept for the next request
 * that gets the same answer (docs/decisions/048).
 */
export function compressAnswers(): RequestHandler {
  return (req, res, next) => {
    const send = res.send;
    res.send = function (body?: unknown) {
      res.send = send;
      if (typeof body !== "string" && !Buffer.isBuffer(body)) return send.call(this, body);
      // `send` gives a string its type and charset; a Buffer would be sent as application/octet-stream.
      if (typeof body === "string") {
        const type = res.get("Content-Type") ?? "text/html";
        if (!/;\s*charset=/i.test(type)) res.set("Content-Type", `${type}; charset=utf-8`);
      }
      const prepared = preparedBeingSent(res, body);
      const raw = typeof body === "string" ? Buffer.from(body) : body;
      res.vary("Accept-Encoding");
      if (raw.length < THRESHOLD_BYTES || res.get("Content-Encoding")) return send.call(this, body);
      // Brotli whenever the client takes it (browsers list gzip first, at the same weight).
      const accepted = req.acceptsEncodings();
      const encoding: Encoding | undefined = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : undefined;
      if (!encoding) return send.call(this, body);
      res.setHeader("Content-Encoding", encoding);
      // A prepared answer is compressed once per encoding, by its first request; the others wait for or reuse it.
      const kept = prepared?.compressed[encoding];
      if (Buffer.isBuffer(kept)) return send.call(this, kept);
      if (kept === undefined && raw.length < OFF_THREAD_BYTES) {
        const compressed = compressNow[encoding](raw);
        if (prepared) prepared.compressed[encoding] = compressed;
        return send.call(this, compressed);
      }
      const compressing =
        kept ??
        new Promise<Buffer>((resolve, reject) => compressOffThread[encoding](raw, (error, compressed) => (error ? reject(error) : resolve(compressed))));
      if (prepared && kept === undefined) prepared.compressed[encoding] = compressing;
      compressing.then(
        (compressed) => {
          if (prepared) prepared.compressed[encoding] = compressed;
          send.call(this, compressed);
        },
        () => {
          // zlib fails only when out of memory; the answer then goes uncompressed (and is compressed again next time).
          if (prepared?.compressed[encoding] === compressing) delete prepared.compressed[encoding];
          res.removeHeader("Content-Encoding");
          send.call(this, raw);
        },
      );
      return this;
    };
    next();
  };
}
