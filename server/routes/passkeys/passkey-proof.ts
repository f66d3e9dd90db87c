import type { Request } from "express";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { PASSKEY_CHALLENGE_EXPIRED, PASSKEY_COUNTER_BACKWARDS, PASSKEY_NOT_VERIFIED, PASSKEY_NOT_YOURS, PASSKEY_UNKNOWN } from "@shared/schemas/passkeys";
import { checkPasskey } from "../../auth/credentials";
import { takeChallenge, verifyAssertion, type AssertionFailure, type RelyingParty } from "../../auth/passkeys";
import { recordPasskeyUse } from "../../commands/passkeys";
import type { Db } from "../../db/client";
import { canConfirmWithPasskey } from "../../policies/passkeys";
import { findPasskeyByCredential } from "../../queries/passkeys";

const FAILURES: Record<AssertionFailure, string> = { "not-verified": PASSKEY_NOT_VERIFIED, "counter-backwards": PASSKEY_COUNTER_BACKWARDS };

/** Who a passkey proved to be, or why it proved nothing (`expired`: there was no live challenge to answer). */
export type PasskeyProof = { userId: number } | { refusal: string; expired: boolean };

/**
 * A passkey's answer to this session's sign-in challenge (POST /api/auth/passkey/options), for
 * sign-in or, with `confirming`, for a signed-in member's confirmation. The challenge is taken first,
 * so it is good once whatever follows. No live challenge, an unknown credential, or (confirming)
 * another member's passkey prove nothing and count nothing: there is no member to count them
 * against, or the member did not fail their own proof. Anything else is checked under the sign-in
 * lockout (429 while locked, even for a right answer); a right one records the new counter and when
 * it was used; a wrong one changes nothing but the count.
 */
export async function proveWithPasskey(db: Db, req: Request, rp: RelyingParty, response: AuthenticationResponseJSON, confirming?: { id: number }): Promise<PasskeyProof> {
  const challenge = await takeChallenge(db, req, "assertion", Date.now());
  if (challenge === undefined) return { refusal: PASSKEY_CHALLENGE_EXPIRED, expired: true };
  const passkey = await findPasskeyByCredential(db, response.id);
  if (!passkey) return { refusal: PASSKEY_UNKNOWN, expired: false };
  if (confirming && !canConfirmWithPasskey(confirming, passkey)) return { refusal: PASSKEY_NOT_YOURS, expired: false };

  let failure: AssertionFailure = "not-verified";
  const proved = await checkPasskey(db, passkey.userId, async () => {
    const outcome = await verifyAssertion(rp, challenge, response, passkey);
    if ("failure" in outcome) {
      failure = outcome.failure;
      return false;
    }
    if (await recordPasskeyUse(db, passkey.id, outcome.newCounter)) return true;
    // Another use with this counter was recorded first.
    failure = "counter-backwards";
    return false;
  });
  return proved ? { userId: passkey.userId } : { refusal: FAILURES[failure], expired: false };
}
