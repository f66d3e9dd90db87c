import { isFreshlyConfirmed } from "@shared/policies/fresh-confirmation";
import { confirmationStore } from "./confirmation-store";

/** A window closing sooner than this is asked for again rather than trusted to outlast the request. */
const MARGIN_MS = 30_000;

/**
 * For what is no API call the client can send again (a download the browser makes): asks for the
 * password first unless this session's window (the current user's `confirmedUntil`) is open for a
 * while yet. False when it was cancelled.
 */
export async function ensureFreshConfirmation(confirmedUntil: string | null | undefined): Promise<boolean> {
  return isFreshlyConfirmed(confirmedUntil, Date.now() + MARGIN_MS) || confirmationStore.ask();
}
