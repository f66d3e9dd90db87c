import { sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../db/client";

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The site's VAPID key pair, made by the first process that needs it and kept in the database
 * (vapid_keys): a second process racing to make one keeps the first one written. Read once per
 * process; it never changes.
 */
export class VapidKeys {
  private pair: Promise<VapidKeyPair> | undefined;

  constructor(private readonly db: Db) {}

  get(): Promise<VapidKeyPair> {
    this.pair ??= this.load().catch((error: unknown) => {
      this.pair = undefined;
      throw error;
    });
    return this.pair;
  }

  private async load(): Promise<VapidKeyPair> {
    const made = webpush.generateVAPIDKeys();
    // Once more when a racing process wrote its pair after this statement's snapshot was taken
    // (ON CONFLICT waited for it, but the SELECT cannot see it): the next statement does.
    for (let attempt = 0; ; attempt++) {
      const result = await this.db.execute<{ public_key: string; private_key: string }>(sql`
        WITH made AS (
          INSERT INTO vapid_keys (id, public_key, private_key) VALUES (1, ${made.publicKey}, ${made.privateKey})
          ON CONFLICT (id) DO NOTHING RETURNING public_key, private_key
        )
        SELECT public_key, private_key FROM made UNION ALL SELECT public_key, private_key FROM vapid_keys WHERE id = 1`);
      const row = result.rows[0];
      if (row) return { publicKey: row.public_key, privateKey: row.private_key };
      if (attempt > 0) throw new Error("No VAPID key pair");
    }
  }
}

/** VAPID's `sub` claim: PUSH_VAPID_SUBJECT, else the site's https: origin, else a no-reply address at its host. */
export function vapidSubject(config: { PUSH_VAPID_SUBJECT?: string; PUBLIC_URL?: string }): string {
  if (config.PUSH_VAPID_SUBJECT) return config.PUSH_VAPID_SUBJECT;
  const site = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
  return site?.protocol === "https:" ? site.origin : `mailto:no-reply@${site?.hostname ?? "localhost"}`;
}
