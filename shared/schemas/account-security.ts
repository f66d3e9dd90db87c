import { z } from "zod";
import { TEXT_LIMITS } from "../constants";
import { MISSING_FIELDS } from "./auth";
import { NOT_BLANK } from "./fields";
import { DEFAULT_SELF_DELETION_CONTENT, SELF_DELETION_CONTENT_MODES } from "../member-deletion";

/** Two-factor sign-in (TOTP, RFC 6238): a code is 6 digits, a new one every 30 seconds. */
export const TWO_FACTOR_CODE_DIGITS = 6;
export const TWO_FACTOR_PERIOD_SECONDS = 30;
/** Recovery codes given when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in whose password was right waits for its second step. */
export const TWO_FACTOR_PENDING_MINUTES = 5;
/** A recovery code as shown: two groups of five (`ABCDE-FGHJK`); typed with or without the dash, any case. */
const RECOVERY_CODE_MAX = 20;

/** A typed code, spaces included. */
const TYPED_CODE_MAX = 20;

// Spaces inside a typed code ("123 456", as some apps show it) are dropped.
export const twoFactorCodeSchema = z
  .string()
  .max(TYPED_CODE_MAX, "Invalid code")
  .transform((code) => code.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Enter the code from your app")
      .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`), `Enter the ${TWO_FACTOR_CODE_DIGITS}-digit code from your app`),
  )
  .meta({ maxLength: TYPED_CODE_MAX, pattern: `^\\s*(?:\\d\\s*){${TWO_FACTOR_CODE_DIGITS}}$`, description: "The digits the app shows (spaces are ignored)." });

export const recoveryCodeSchema = z.string().trim().min(1, "Enter a recovery code").max(RECOVERY_CODE_MAX, "Invalid recovery code").meta(NOT_BLANK);

/** POST /api/auth/2fa/enable */
export const enableTwoFactorSchema = z.strictObject({ code: twoFactorCodeSchema });
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>;

/** POST /api/auth/2fa/disable: the password and a code from the app (or a recovery code). */
export const disableTwoFactorSchema = z.strictObject({
  password: z.string().trim().min(1, MISSING_FIELDS).max(TEXT_LIMITS.passwordMax, "Password too long").meta(NOT_BLANK),
  code: z.string().trim().min(1, "Enter the code from your app").max(RECOVERY_CODE_MAX, "Invalid code").meta(NOT_BLANK),
});
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** POST /api/auth/login/2fa: the second step of a sign-in, with a code or a recovery code (one of them). */
export const loginSecondStepSchema = z.union([
  z.strictObject({ code: twoFactorCodeSchema }),
  z.strictObject({ recoveryCode: recoveryCodeSchema }),
]);
export type LoginSecondStepInput = z.input<typeof loginSecondStepSchema>;

/** DELETE /api/auth/account */
export const deleteAccountSchema = z.strictObject({
  password: z.string().trim().min(1, "Enter your password").max(TEXT_LIMITS.passwordMax, "Password too long").meta(NOT_BLANK),
  content: z
    .enum(SELF_DELETION_CONTENT_MODES, { error: "content must be anonymize or erase" })
    .default(DEFAULT_SELF_DELETION_CONTENT)
    .meta({ description: "What becomes of what you wrote in shared places (docs/product.md \"Content outlives its author\"): anonymize (the default) or erase." }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /api/auth/confirm with the password: the confirmation dialog's form. */
export const confirmPasswordSchema = z.strictObject({
  password: z.string().trim().min(1, "Enter your password").max(TEXT_LIMITS.passwordMax, "Password too long"),
});
export type ConfirmPasswordInput = z.input<typeof confirmPasswordSchema>;
