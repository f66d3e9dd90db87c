import { createHash, randomInt } from "node:crypto";
import bcrypt from "bcrypt";

/**
 * bcrypt reads only the first 72 bytes, so the password is reduced with SHA-256 first: every character
 * of a 128-character password counts (docs/product.md "Accounts and sessions").
 */
const prehash = (password: string) => createHash("sha256").update(password, "utf8").digest("base64");

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(prehash(password), cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), hash);
}

const LOWER = "abcdefghijkmnopqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";

/** A temporary password that meets the registration rules (upper, lower, digit; 16 characters). */
export function generateTemporaryPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const all = LOWER + UPPER + DIGITS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), ...Array.from({ length: 13 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}
