import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * A 32-byte key for one purpose, drawn (HKDF-SHA256) from the session secret, which lives outside
 * the database (SESSION_SECRET or DATA_DIR/session-secret): a database dump alone opens nothing.
 */
export const sessionSecretKey = (sessionSecret: string, purpose: string): Buffer => Buffer.from(hkdfSync("sha256", sessionSecret, "enclave", purpose, 32));

/** Text sealed with AES-256-GCM under a session-secret key of its own purpose: two-factor secrets, queued mail. */
export class SealedBox {
  private readonly key: Buffer;

  constructor(sessionSecret: string, purpose: string) {
    this.key = sessionSecretKey(sessionSecret, purpose);
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), body].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
  }

  /** The text, or null when it was sealed with another session secret (it cannot be read any more). */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}
