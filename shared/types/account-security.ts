import type { z } from "zod";
import type { memberSessionSchema, memberSessionsSchema, recoveryCodesSchema, twoFactorRequiredSchema, twoFactorSetupSchema, twoFactorStatusSchema, confirmationSchema } from "../schemas/answers/account";
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
