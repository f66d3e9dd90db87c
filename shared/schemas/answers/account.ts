import { z } from "zod";
import { countSchema, idSchema, isoTimeSchema } from "./common";
import { authenticatorTransportSchema } from "../passkeys";

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

/** One of the member's passkeys (GET /api/auth/passkeys, POST → 201): never its key. */
export const passkeySchema = z
  .strictObject({ id: idSchema, name: z.string(), createdAt: isoTimeSchema, lastUsedAt: isoTimeSchema.nullable() })
  .meta({ id: "Passkey" });
export const passkeysSchema = z.strictObject({ passkeys: z.array(passkeySchema) }).meta({ id: "Passkeys" });

const base64urlText = z.string().meta({ description: "base64url, without padding" });
const credentialDescriptorSchema = z.strictObject({ id: base64urlText, type: z.literal("public-key"), transports: z.array(authenticatorTransportSchema).optional() });
const hintsSchema = z.array(z.enum(["hybrid", "security-key", "client-device"])).optional();

/** POST /api/auth/passkeys/options: for navigator.credentials.create() (@simplewebauthn/browser's startRegistration). */
export const passkeyCreationOptionsSchema = z
  .strictObject({
    challenge: base64urlText,
    rp: z.strictObject({ name: z.string(), id: z.string() }),
    user: z.strictObject({ id: base64urlText, name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.strictObject({ alg: z.int(), type: z.literal("public-key") })),
    timeout: z.int().positive(),
    attestation: z.literal("none"),
    excludeCredentials: z.array(credentialDescriptorSchema).meta({ description: "The member's own passkeys: an authenticator holding one is not added twice." }),
    authenticatorSelection: z.strictObject({
      residentKey: z.literal("required"),
      requireResidentKey: z.literal(true),
      userVerification: z.literal("preferred"),
      authenticatorAttachment: z.enum(["cross-platform", "platform"]).optional(),
    }),
    extensions: z.looseObject({}).optional(),
    hints: hintsSchema,
  })
  .meta({ id: "PasskeyCreationOptions" });

/** POST /api/auth/passkey/options: for navigator.credentials.get(), discoverable (no allowCredentials: the authenticator offers the site's passkeys). */
export const passkeyRequestOptionsSchema = z
  .strictObject({
    challenge: base64urlText,
    rpId: z.string(),
    timeout: z.int().positive(),
    userVerification: z.literal("preferred"),
    extensions: z.looseObject({}).optional(),
    hints: hintsSchema,
  })
  .meta({ id: "PasskeyRequestOptions" });
