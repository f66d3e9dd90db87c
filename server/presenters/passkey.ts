import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { Passkey, PasskeyCreationOptions, PasskeyRequestOptions } from "@shared/types";
import type { PasskeyRow } from "../queries/passkeys";

/** A passkey as the member's list shows it: its name and dates, never its key or credential id. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

// The options are @simplewebauthn's JSON as made from our settings (server/auth/passkeys.ts), which
// the answer schemas describe field by field: sent as they are.

/** POST /api/auth/passkeys/options */
export const presentCreationOptions = (options: PublicKeyCredentialCreationOptionsJSON) => options as PasskeyCreationOptions;

/** POST /api/auth/passkey/options */
export const presentRequestOptions = (options: PublicKeyCredentialRequestOptionsJSON) => options as PasskeyRequestOptions;
