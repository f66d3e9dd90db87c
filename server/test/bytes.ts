import request from "supertest";
import type { Express } from "express";
import { expect } from "vitest";

/** The answer's raw bytes, whatever its type (supertest parses only text and JSON by itself). */
export const bytesOf = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("end", () => done(null, Buffer.concat(chunks)));
  });

/** A file the app serves at `url`, after checking that it does. */
export async function servedFile(app: Express, url: string): Promise<Buffer> {
  const res = await bytesOf(request(app).get(url));
  expect(res.status).toBe(200);
  return res.body as Buffer;
}
