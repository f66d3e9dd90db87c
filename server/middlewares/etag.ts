import type { Request, Response } from "express";
import { PreparedJson, sendingPrepared, weakEtagOf } from "./prepared-json";

/**
 * Sends `body` (already presented, or a PreparedJson) as JSON with a weak ETag over exactly that
 * JSON, the caller's own parts included; a request whose If-None-Match names it gets 304 with no
 * body, before anything is compressed. Weak: the same JSON goes out as brotli, gzip or plain bytes
 * (a strong tag would have to differ by encoding). `private, no-cache`: no shared cache keeps a
 * member's answer, and the browser asks again each time, cheaply when nothing changed.
 */
export function sendJsonWithETag(req: Request, res: Response, body: unknown): void {
  const prepared = body instanceof PreparedJson ? body : undefined;
  const json = prepared ? undefined : JSON.stringify(body);
  const etag = prepared ? prepared.etag : weakEtagOf(json!);
  res.setHeader("ETag", etag);
  res.setHeader("Cache-Control", "private, no-cache");
  if (matches(req.headers["if-none-match"], etag)) {
    res.status(304).end();
    return;
  }
  if (!prepared) return void res.type("json").send(json);
  // The bytes, with the type and charset `send` gives a string; compressAnswers compresses them once per encoding.
  sendingPrepared(res, prepared);
  res.set("Content-Type", "application/json; charset=utf-8").send(prepared.bytes);
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, W/ or not, or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(",").some((listed) => {
    const tag = listed.trim();
    return tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === opaque;
  });
}
