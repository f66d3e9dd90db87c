import zlib from "node:zlib";
import type { RequestHandler } from "express";

/** Smaller answers go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;

const compress = {
  // The fastest levels: brotli 1 takes a third of the time of brotli 4 for about 6 % more bytes.
  br: (body: Buffer) =>
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => zlib.gzipSync(body, { level: 1 }),
};

/**
 * Compresses what `res.send` sends whole (API answers, pages) over 1 kB with brotli or gzip, as the
 * request accepts, in one synchronous call. An answer of a few kB takes about 0.05 ms to compress;
 * the stream-based `compression` middleware spent ten times that on its machinery (a zlib stream
 * and a thread-pool round trip per answer), which on a topic page was a third of the request's
 * cost (docs/performance.md). Built assets are precompressed (static-files.ts) and never pass here.
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
      const raw = typeof body === "string" ? Buffer.from(body) : body;
      res.vary("Accept-Encoding");
      if (raw.length < THRESHOLD_BYTES || res.get("Content-Encoding")) return send.call(this, body);
      // Brotli whenever the client takes it (browsers list gzip first, at the same weight).
      const accepted = req.acceptsEncodings();
      const encoding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : undefined;
      if (!encoding) return send.call(this, body);
      res.setHeader("Content-Encoding", encoding);
      return send.call(this, compress[encoding](raw));
    };
    next();
  };
}
