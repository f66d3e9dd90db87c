/**
 * Sensitive changes need a fresh confirmation (docs/product.md "Sensitive changes need a fresh
 * confirmation"): `POST /api/auth/confirm` opens a window of CONFIRMATION_MINUTES for the session
 * it is made in, and the routes that change how the account is reached or guarded refuse without
 * one. A stolen session cookie alone then takes nothing over.
 */
export const CONFIRMATION_MINUTES = 10;
export const CONFIRMATION_WINDOW_MS = CONFIRMATION_MINUTES * 60_000;

/** The 403 of a sensitive change made without a live window; the client asks for the password on `code`. */
export const CONFIRM_REQUIRED_MESSAGE = "Confirm your password to continue";
export const CONFIRM_REQUIRED_CODE = "confirm_required";

/** When a window opened at `now` closes (ms). */
export const confirmedUntilFrom = (now: number): number => now + CONFIRMATION_WINDOW_MS;

/**
 * Whether a session whose window closes at `confirmedUntil` (ms, or an ISO time as the API sends it;
 * absent: never confirmed) is confirmed at `now`.
 */
export function isFreshlyConfirmed(confirmedUntil: number | string | null | undefined, now: number): boolean {
  if (confirmedUntil === null || confirmedUntil === undefined) return false;
  const until = typeof confirmedUntil === "number" ? confirmedUntil : Date.parse(confirmedUntil);
  return Number.isFinite(until) && until > now;
}

/**
 * Whether a profile change sets or changes the address (`""` clears it): one of the sensitive
 * changes, since the address is where a password reset goes. Sending the stored address again is none.
 */
export const changesEmail = (stored: string | null, requested: string | undefined): boolean =>
  requested !== undefined && (stored ?? null) !== (requested === "" ? null : requested);
