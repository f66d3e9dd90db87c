import { createHash } from "node:crypto";

export type Encoding = "br" | "gzip";

/**
 * An answer's JSON as bytes, with its weak ETag (SHA-1 of exactly these bytes) made once and each
 * compressed form kept by compressAnswers once made: for an answer that many requests get alike
 * (a kept page read by members who see it the same), so they cost no hashing or compressing
 * (docs/decisions/048). Send it with `sendJsonWithETag`.
 */
export class PreparedJson {
  readonly bytes: Buffer;
  readonly etag: string;
  /** Filled by compressAnswers: the bytes compressed, or being compressed on the thread pool. */
  readonly compressed: Partial<Record<Encoding, Buffer | Promise<Buffer>>> = {};

  constructor(json: string) {
    this.bytes = Buffer.from(json);
    this.etag = weakEtagOf(this.bytes);
  }
}

const beingSent = new WeakMap<object, PreparedJson>();

/** Marks `res` as sending `prepared`'s bytes, for compressAnswers to compress them once per encoding. */
export function sendingPrepared(res: object, prepared: PreparedJson): void {
  beingSent.set(res, prepared);
}

/** The PreparedJson whose bytes `body` is, when `res` sends one. */
export function preparedBeingSent(res: object, body: unknown): PreparedJson | undefined {
  const prepared = beingSent.get(res);
  return prepared !== undefined && prepared.bytes === body ? prepared : undefined;
}

/** A weak ETag over exactly this JSON (a string hashes as its UTF-8 bytes, as it is sent). */
export function weakEtagOf(json: string | Buffer): string {
  return `W/"${createHash("sha1").update(json).digest("base64url")}"`;
}

/**
 * A key naming an object's values in its key order: numbers, booleans and null as written, anything
 * else as JSON (so a string's quotes delimit it). Two objects of one presenter's shape have equal keys
 * exactly when their JSON is equal, and the key costs a fraction of JSON.stringify: a kept page's
 * answer is looked up by it and serialized only when missing.
 */
export function valuesKey(fields: Record<string, unknown>): string {
  let key = "";
  for (const name in fields) {
    const value = fields[name];
    key += (typeof value === "object" && value !== null) || typeof value === "string" ? JSON.stringify(value) : String(value);
    key += ",";
  }
  return key;
}

/** About what a kept answer holds: its bytes, a compressed form or two, and its key. */
const sizeOf = (key: string, answer: PreparedJson) => answer.bytes.length * 1.5 + key.length * 2;

/**
 * The last distinct answers built from kept pages, by a key that names the kept entry and every
 * part the reader's own (their reactions, blocks, permissions, unread state), so equal keys mean
 * equal JSON. Least recently used first out past `maxBytes`. A page refilled after a change gets a
 * new entry id, so answers from before it are never found again and age out.
 */
export class PreparedAnswers {
  private readonly answers = new Map<string, PreparedJson>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept under `key`, else `build`'s, kept (a `key` of undefined: an answer from a page not kept, made and not kept). */
  get(key: string | undefined, build: () => string): PreparedJson {
    if (key === undefined) return new PreparedJson(build());
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const answer = new PreparedJson(build());
    const size = sizeOf(key, answer);
    if (size > this.maxBytes) return answer;
    this.answers.set(key, answer);
    this.bytes += size;
    for (const [oldKey, old] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.answers.delete(oldKey);
      this.bytes -= sizeOf(oldKey, old);
    }
    return answer;
  }
}
