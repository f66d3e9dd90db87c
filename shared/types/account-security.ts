import type { z } from "zod";
import type { memberSessionSchema, memberSessionsSchema, recoveryCodesSchema, twoFactorRequiredSchema, twoFactorSetupSchema, twoFactorStatusSchema, confirmationSchema, passkeySchema, passkeysSchema, passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from "../schemas/answers/account";
/** GET /api/auth/sessions: one of the member's signed-in sessions (the id is opaque, never the cookie's). */
export type MemberSession = z.output<typeof memberSessionSchema>;
export type MemberSessionsResponse = z.output<typeof memberSessionsSchema>;

/** GET /api/auth/2fa */
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;
/** POST /api/auth/2fa/setup */
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;
/** POST /api/auth/2fa/enable: shown this once. */
export type RecoveryCodesResponse = z.output<typeof recoveryCodesSchema>;
/** POST /api/auth/login with two-factor sign-in on: no session yet, the second step follows. */
export type TwoFactorRequired = z.output<typeof twoFactorRequiredSchema>;
/** POST /api/auth/confirm: the session's window for sensitive changes is open until then. */
export type ConfirmationAnswer = z.output<typeof confirmationSchema>;

/** One of the member's passkeys (GET /api/auth/passkeys): never its key. */
export type Passkey = z.output<typeof passkeySchema>;
export type PasskeysResponse = z.output<typeof passkeysSchema>;
/** POST /api/auth/passkeys/options: what navigator.credentials.create() is given. */
export type PasskeyCreationOptions = z.output<typeof passkeyCreationOptionsSchema>;
/** POST /api/auth/passkey/options: what navigator.credentials.get() is given. */
export type PasskeyRequestOptions = z.output<typeof passkeyRequestOptionsSchema>;
