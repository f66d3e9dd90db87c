import { badRequest } from "../errors";

/**
 * Search pages continue after the last result shown (keyset), so a page costs the same however
 * deep it is. The cursor is that result's sort key, opaque to clients (base64url JSON).
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key in a cursor, checked against the expected shape ("n" number, "s" string). */
export function decodeCursor<T extends readonly (string | number)[]>(cursor: string, shape: readonly ("n" | "s")[]): T {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    throw badRequest("Invalid cursor");
  }
  const valid =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((value, i) => (shape[i] === "n" ? typeof value === "number" && Number.isFinite(value) : typeof value === "string"));
  if (!valid) throw badRequest("Invalid cursor");
  return key as unknown as T;
}
