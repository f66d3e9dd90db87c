import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import type { PasskeyCreationOptions, PasskeyRequestOptions } from "@shared/types";
import { apiErrorMessage } from "./api-error";

// @simplewebauthn/browser is loaded when a passkey is asked for, not with the screen: the login
// screen's first load stays within its budget (e2e/bundle-budget.spec.ts).

/** navigator.credentials.create() for the server's options (POST /api/auth/passkeys/options). */
export async function createPasskey(options: PasskeyCreationOptions): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: options });
}

/** navigator.credentials.get() for the server's options (POST /api/auth/passkey/options). */
export async function answerWithPasskey(options: PasskeyRequestOptions): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: options });
}

export const PASSKEY_CANCELLED = "The passkey prompt was closed or timed out";
export const PASSKEYS_UNSUPPORTED = "This browser does not support passkeys";
export const PASSKEY_ALREADY_ON_DEVICE = "This device already holds a passkey of yours";

/**
 * What a failed passkey call says: the server's message, or what the browser's refusal means (the
 * member closed the prompt, the browser has no WebAuthn, the authenticator holds one already).
 */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name !== "ApiError") {
    const code = (error as { code?: string }).code;
    if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return PASSKEY_ALREADY_ON_DEVICE;
    if (error.name === "NotAllowedError" || code === "ERROR_CEREMONY_ABORTED") return PASSKEY_CANCELLED;
    if (/not supported/i.test(error.message)) return PASSKEYS_UNSUPPORTED;
  }
  return apiErrorMessage(error);
}
