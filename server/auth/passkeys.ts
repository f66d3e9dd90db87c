import type { Request } from "express";
import { sql } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { PASSKEY_CHALLENGE_MINUTES } from "@shared/schemas/passkeys";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { siteOrigin } from "../site-origin";

/** A challenge is handed out for one of these and answered by it only. */
type Ceremony = "registration" | "assertion";

declare module "express-session" {
  interface SessionData {
    /**
     * The one live WebAuthn challenge of this session (docs/product.md "Passkeys"): what it is for
     * and until when (ms) it may be answered. A new options call replaces it; answering takes it.
     */
    passkeyChallenge?: { challenge: string; ceremony: Ceremony; until: number };
  }
}

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/**
 * Who the browser signs for: the site's origin (PUBLIC_URL, else the request's scheme and Host) and
 * its host name as the relying party id (no port: WebAuthn ids are domains; a browser refuses an IP
 * address, hence `localhost` in development).
 */
export function relyingParty(config: Pick<Config, "PUBLIC_URL" | "SITE_NAME">, req: Request) {
  const origin = siteOrigin(config, req);
  return { id: new URL(origin).hostname, origin, name: config.SITE_NAME };
}
export type RelyingParty = ReturnType<typeof relyingParty>;

/** Keeps the options' challenge in the session (the session middleware saves it with the answer). */
function keepChallenge(req: Request, ceremony: Ceremony, challenge: string, now: number) {
  req.session.passkeyChallenge = { challenge, ceremony, until: now + CHALLENGE_MS };
}

/**
 * Takes this session's live challenge for `ceremony`, once: it leaves the session before anything is
 * verified, and leaves the session's row in one statement that only one request can win, so a
 * replayed answer, even one sent at the same moment, finds none. Undefined when there is none, it is
 * for the other ceremony, or its 5 minutes are over.
 */
export async function takeChallenge(db: Db, req: Request, ceremony: Ceremony, now: number): Promise<string | undefined> {
  const kept = req.session.passkeyChallenge;
  if (!kept) return undefined;
  delete req.session.passkeyChallenge;
  if (kept.ceremony !== ceremony || kept.until <= now) return undefined;
  const claimed = await db.execute(sql`
    UPDATE sessions SET sess = (sess::jsonb - 'passkeyChallenge')::json
    WHERE sid = ${req.sessionID} AND sess -> 'passkeyChallenge' ->> 'challenge' = ${kept.challenge}
    RETURNING sid`);
  return claimed.rows.length > 0 ? kept.challenge : undefined;
}

/**
 * The member's handle on their authenticators: their id, so that one authenticator keeps one passkey
 * per account here (a new one replaces the old on the device) and a sign-in's handle can be checked.
 */
export const userHandleOf = (userId: number) => new TextEncoder().encode(String(userId));

/** POST /api/auth/passkeys/options: a discoverable credential (resident key required), user verification preferred, no attestation. */
export async function creationOptions(
  req: Request,
  rp: RelyingParty,
  member: { id: number; username: string },
  own: { credentialId: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.username,
    userDisplayName: member.username,
    userID: userHandleOf(member.id),
    timeout: CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: own.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  keepChallenge(req, "registration", options.challenge, Date.now());
  return options;
}

/** POST /api/auth/passkey/options: no allowCredentials, so the authenticator offers whichever passkeys it holds for the site. */
export async function requestOptions(req: Request, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred", timeout: CHALLENGE_MS });
  keepChallenge(req, "assertion", options.challenge, Date.now());
  return options;
}

/** A new credential, verified: what is stored of it. */
export interface NewPasskey {
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

/** The browser's answer to a registration challenge, verified (origin, RP id, challenge); undefined when it does not hold. */
export async function verifyNewPasskey(rp: RelyingParty, challenge: string, response: RegistrationResponseJSON): Promise<NewPasskey | undefined> {
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified || !registrationInfo) return undefined;
    const { credential } = registrationInfo;
    return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports: response.response.transports ?? [] };
  } catch {
    return undefined;
  }
}

/** Why an assertion was refused: its proof does not hold, or its counter went backwards (a copied authenticator). */
export type AssertionFailure = "not-verified" | "counter-backwards";

/**
 * The browser's answer to a sign-in challenge, checked against the stored passkey: origin, RP id,
 * challenge, the user's handle, the signature, and a counter that went up (or is 0 on both sides).
 * Answers the new counter to record, or why it fails.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  passkey: { userId: number; credentialId: string; publicKey: Uint8Array<ArrayBuffer>; counter: number; transports: string[] },
): Promise<{ newCounter: number } | { failure: AssertionFailure }> {
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(passkey.userId)).toString("base64url")) return { failure: "not-verified" };
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
    });
    return verified ? { newCounter: authenticationInfo.newCounter } : { failure: "not-verified" };
  } catch (error) {
    // The library says so only in its message; it checks the counter before the signature.
    return { failure: error instanceof Error && /counter value/i.test(error.message) ? "counter-backwards" : "not-verified" };
  }
}
