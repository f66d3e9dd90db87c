import { z } from "zod";
import { countSchema, isoTimeSchema } from "./common";

/** GET /api/auth/sessions: one of the member's signed-in browsers (the id is opaque, never the cookie's). */
export const memberSessionSchema = z
  .strictObject({
    id: z.string(),
    current: z.boolean(),
    createdAt: isoTimeSchema,
    lastSeenAt: isoTimeSchema,
    browser: z.string(),
    os: z.string(),
    ip: z.string().meta({ description: "The address it was last seen from, its last part masked (`203.0.113.*`, `2001:db8::*`)." }),
  })
  .meta({ id: "MemberSession" });
export const memberSessionsSchema = z.strictObject({ sessions: z.array(memberSessionSchema) }).meta({ id: "MemberSessions" });

/** GET /api/auth/2fa */
export const twoFactorStatusSchema = z.strictObject({ enabled: z.boolean(), recoveryCodesLeft: countSchema }).meta({ id: "TwoFactorStatus" });
/** POST /api/auth/2fa/setup */
export const twoFactorSetupSchema = z.strictObject({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }).meta({ id: "TwoFactorSetup" });
/** POST /api/auth/2fa/enable: shown this once. */
export const recoveryCodesSchema = z.strictObject({ recoveryCodes: z.array(z.string()) }).meta({ id: "RecoveryCodes" });
/** POST /api/auth/login with two-factor sign-in on: no session yet, POST /api/auth/login/2fa follows. */
export const twoFactorRequiredSchema = z.strictObject({ twoFactorRequired: z.literal(true) }).meta({ id: "TwoFactorRequired" });
/** POST /api/auth/confirm */
export const confirmationSchema = z.strictObject({ confirmedUntil: isoTimeSchema }).meta({ id: "Confirmation" });
