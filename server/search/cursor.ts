import { TEXT_LIMITS } from "@shared/constants";
import { MAX_DB_INTEGER } from "@shared/schemas/fields";
import { badRequest } from "../errors";

/**
 * Search pages continue after the last result shown (keyset), so a page costs the same however
 * deep it is. The cursor is that result's sort key, opaque to clients (base64url JSON).
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** Checks one value of a sort key: true when PostgreSQL takes it where the query puts it. */
type KeyPart<T> = (value: unknown) => value is T;

/** Largest finite `real` (float4). */
const REAL_MAX = 3.4028234663852886e38;
/** Smallest positive normal `real`; a value nearer zero may round to zero, which PostgreSQL refuses as out of range. */
const REAL_MIN_NORMAL = 1.1754943508222875e-38;

/** A `ts_rank` as sent back in `::real`: finite and neither overflowing nor underflowing a float4. */
const realNumber: KeyPart<number> = (value): value is number =>
  typeof value === "number" && (value === 0 || (Math.abs(value) >= REAL_MIN_NORMAL && Math.abs(value) <= REAL_MAX));

/** A row id as sent back in `::int`. */
const rowId: KeyPart<number> = (value): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DB_INTEGER;

/** Members: 0 for the prefix matches, 1 for the others. */
const memberPart: KeyPart<number> = (value): value is number => value === 0 || value === 1;

/** A lowered username: at most a username's length, and no NUL (PostgreSQL text cannot hold one). */
const lowerUsername: KeyPart<string> = (value): value is string =>
  typeof value === "string" && value.length <= TEXT_LIMITS.usernameMax && !value.includes("\0");

/** Posts and topics continue after (rank, id); members after (part, lower(username)). */
export const RANK_CURSOR = [realNumber, rowId] as const;
export const MEMBER_CURSOR = [memberPart, lowerUsername] as const;

type KeyOf<Parts extends readonly KeyPart<unknown>[]> = { -readonly [I in keyof Parts]: Parts[I] extends KeyPart<infer T> ? T : never };

/**
 * The sort key in a cursor, each value checked against what the query can take (a number for
 * `::real` within a float4's range, an id within int4, text without NUL), so a crafted cursor is a
 * 400 `Invalid cursor` rather than an error from PostgreSQL.
 */
export function decodeCursor<const Parts extends readonly KeyPart<unknown>[]>(cursor: string, parts: Parts): KeyOf<Parts> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    throw badRequest("Invalid cursor");
  }
  const valid = Array.isArray(key) && key.length === parts.length && key.every((value, i) => parts[i]!(value));
  if (!valid) throw badRequest("Invalid cursor");
  return key as KeyOf<Parts>;
}
