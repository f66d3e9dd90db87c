import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token of a mail's one-click unsubscribe link: the member's id and an HMAC of it under a key
 * drawn from the session secret, so the link works without signing in and cannot be made for
 * someone else. It does not expire: an old mail's link must still work (RFC 8058).
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac("sha256", sessionSecret).update("mail unsubscribe").digest();
  }

  private mac(userId: number): Buffer {
    return createHmac("sha256", this.key).update(`unsubscribe:${userId}`).digest();
  }

  make(userId: number): string {
    return `${userId}.${this.mac(userId).toString("base64url")}`;
  }

  /** The member a token is for, or undefined for a malformed or forged one. */
  memberOf(token: string): number | undefined {
    const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const userId = Number(match[1]);
    const given = Buffer.from(match[2]!, "base64url");
    return given.length === 32 && timingSafeEqual(given, this.mac(userId)) ? userId : undefined;
  }
}
