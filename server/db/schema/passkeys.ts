import { bigint, customType, index, integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { PASSKEY_NAME_MAX } from "@shared/schemas/passkeys";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/** Raw bytes: pg reads a bytea as a Buffer and writes a Buffer (or Uint8Array) as one. */
const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Buffer }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Passkeys (docs/product.md "Passkeys"): a WebAuthn credential of a member, found by its id
 * (base64url, as the browser names it) at sign-in. `publicKey` is its COSE key; `counter` the
 * authenticator's signature counter last seen (0 for authenticators that keep none), which may only go up.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: bytea("public_key").notNull(),
    // A uint32 in WebAuthn: past an integer's range.
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default([]),
    name: varchar("name", { length: PASSKEY_NAME_MAX }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (table) => [uniqueIndex("passkeys_credential_id_idx").on(table.credentialId), index("passkeys_user_id_idx").on(table.userId)],
);
