import { z } from "zod";
import { confirmPasswordSchema } from "./account-security";
import { passkeyAuthenticationResponseSchema } from "./passkeys";

/**
 * POST /api/auth/confirm: the password, or a passkey's answer to the challenge of POST
 * /api/auth/passkey/options, opens the session's window for sensitive changes
 * (shared/policies/fresh-confirmation.ts). Its own file: the screens that import the account
 * schemas do not load the passkey shapes with them.
 */
export const confirmIdentitySchema = z.union([confirmPasswordSchema, z.strictObject({ passkey: passkeyAuthenticationResponseSchema })]);
export type ConfirmIdentityInput = z.input<typeof confirmIdentitySchema>;
