import { z } from "zod";
import { NOT_BLANK } from "./fields";

/**
 * Passkeys (WebAuthn): a way to sign in, and to confirm a sensitive change, without the password
 * (docs/product.md "Passkeys"). The browser's answers travel as @simplewebauthn's JSON shapes.
 */
export const PASSKEY_NAME_MAX = 50;
/** How many passkeys a member may hold at once. */
export const PASSKEYS_PER_MEMBER = 10;
/** How long a challenge handed out by an options call may be answered; it is good once. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const PASSKEY_NAME_REQUIRED = "Name the passkey";
export const PASSKEY_NAME_TOO_LONG = `Name too long: at most ${PASSKEY_NAME_MAX} characters`;
export const TOO_MANY_PASSKEYS = `You can have at most ${PASSKEYS_PER_MEMBER} passkeys: remove one first`;
export const PASSKEY_ALREADY_ADDED = "This passkey is already added";
export const PASSKEY_NOT_FOUND = "Passkey not found";
/** No live challenge in this session: never asked, answered already (a replay), or older than 5 minutes. */
export const PASSKEY_CHALLENGE_EXPIRED = "The passkey request expired, please try again";
export const PASSKEY_NOT_VERIFIED = "The passkey could not be verified";
export const PASSKEY_UNKNOWN = "This passkey is not registered here";
export const PASSKEY_COUNTER_BACKWARDS = "This passkey's signature counter went backwards: it may have been copied";
export const PASSKEY_NOT_YOURS = "This passkey belongs to another account";

export const passkeyNameSchema = z.string().trim().min(1, PASSKEY_NAME_REQUIRED).max(PASSKEY_NAME_MAX, PASSKEY_NAME_TOO_LONG).meta(NOT_BLANK);

/** Longest base64url field taken from a browser: an attestation object with certificates fits, the body limit (100 kB) still holds. */
const BASE64URL_MAX = 16_384;
/** A credential id is at most 1,023 bytes (WebAuthn), 1,364 characters in base64url. */
const CREDENTIAL_ID_MAX = 1_364;
const base64url = (max: number) =>
  z
    .string()
    .max(max, "Invalid passkey response")
    .regex(/^[A-Za-z0-9_-]*$/, "Invalid passkey response")
    .meta({ description: "base64url, without padding" });
const credentialId = base64url(CREDENTIAL_ID_MAX).min(1, "Invalid passkey response");

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
export const authenticatorTransportSchema = z.enum(TRANSPORTS);

// What the browser may add beside the fields the server reads (extension results, the attachment)
// is kept loose: browsers differ, and none of it decides anything here.
const clientExtensionResults = z.looseObject({}).meta({ description: "The browser's extension results (not used)." });
const authenticatorAttachment = z.enum(["cross-platform", "platform"]).optional();

/** What navigator.credentials.create() answers, as @simplewebauthn/browser's startRegistration() gives it. */
export const passkeyRegistrationResponseSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.strictObject({
    clientDataJSON: base64url(BASE64URL_MAX),
    attestationObject: base64url(BASE64URL_MAX),
    authenticatorData: base64url(BASE64URL_MAX).optional(),
    transports: z.array(authenticatorTransportSchema).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(BASE64URL_MAX).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});

/** What navigator.credentials.get() answers, as @simplewebauthn/browser's startAuthentication() gives it. */
export const passkeyAuthenticationResponseSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.strictObject({
    clientDataJSON: base64url(BASE64URL_MAX),
    authenticatorData: base64url(BASE64URL_MAX),
    signature: base64url(BASE64URL_MAX),
    userHandle: base64url(BASE64URL_MAX).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});

/** POST /api/auth/passkeys: the new passkey's name (the form's one field) and the browser's answer. */
export const passkeyNameFormSchema = z.strictObject({ name: passkeyNameSchema });
export type PasskeyNameFormInput = z.input<typeof passkeyNameFormSchema>;
export const addPasskeySchema = passkeyNameFormSchema.extend({ response: passkeyRegistrationResponseSchema });
export type AddPasskeyInput = z.input<typeof addPasskeySchema>;

/** POST /api/auth/passkey/login */
export const passkeyLoginSchema = z.strictObject({ response: passkeyAuthenticationResponseSchema });
export type PasskeyLoginInput = z.input<typeof passkeyLoginSchema>;
