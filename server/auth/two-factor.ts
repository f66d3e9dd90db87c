import { createHmac, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { INVITE_CODE_ALPHABET } from "@shared/constants";
import { SealedBox, sessionSecretKey } from "./sealed-box";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_CODE_DIGITS, TWO_FACTOR_PERIOD_SECONDS } from "@shared/schemas/account-security";

/**
 * The secrets of two-factor sign-in (docs/decisions/029). Keys come from the session secret, so a
 * database dump alone gives away neither a TOTP secret (sealed, AES-256-GCM) nor a recovery code
 * (HMAC-SHA256 of it).
 */
export class TwoFactorSecrets {
  private readonly box: SealedBox;
  private readonly hashKey: Buffer;

  constructor(sessionSecret: string) {
    this.box = new SealedBox(sessionSecret, "two-factor secret encryption");
    this.hashKey = sessionSecretKey(sessionSecret, "recovery code hash");
  }

  encrypt(secret: string): string {
    return this.box.seal(secret);
  }

  /** The secret, or null when it was sealed with another session secret (it cannot be read any more). */
  decrypt(sealed: string): string | null {
    return this.box.open(sealed);
  }

  /** What is stored of a recovery code: case and dashes do not matter when it is typed. */
  hashRecoveryCode(code: string): string {
    return createHmac("sha256", this.hashKey).update(normalizeRecoveryCode(code)).digest("base64url");
  }
}

const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** Ten codes of two groups of five characters (about 49 bits each), from the invite codes' unambiguous alphabet. */
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

export const newTotpSecret = () => generateSecret();

/** What an authenticator app scans: the otpauth:// URL and its QR code as a data: URL. */
export async function totpEnrollment(secret: string, { issuer, account }: { issuer: string; account: string }) {
  const otpauthUrl = generateURI({ issuer, label: account, secret, digits: TWO_FACTOR_CODE_DIGITS, period: TWO_FACTOR_PERIOD_SECONDS });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { otpauthUrl, qrDataUrl };
}

/**
 * The time step a code is right for, or null: the current step or the one on either side (a clock
 * off by up to 30 s), and only a step after `lastStep`, so no code is accepted twice.
 */
export async function totpStepOf(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TWO_FACTOR_CODE_DIGITS,
    period: TWO_FACTOR_PERIOD_SECONDS,
    epochTolerance: TWO_FACTOR_PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // A TOTP result carries its time step (the HOTP variant of the union does not).
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
