import { isFreshlyConfirmed } from "@shared/policies/fresh-confirmation";
import type { ConfirmIdentityInput } from "@shared/schemas/account-security";
import type { ConfirmationAnswer, CurrentUser } from "@shared/types";
import { apiRequest } from "./api-client";
import { confirmationStore } from "./confirmation-store";
import { queryClient } from "./query-client";
import { currentUserQueryKey } from "./query-keys";

/**
 * POST /api/auth/confirm: opens this session's window for sensitive changes; the current user
 * carries it from then on. Resolves once the whole answer is in, that is once the session's row holds it.
 */
export async function confirmPassword(input: ConfirmIdentityInput): Promise<ConfirmationAnswer> {
  const answer = (await (await apiRequest("POST", "/api/auth/confirm", input)).json()) as ConfirmationAnswer;
  queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) => user && { ...user, confirmedUntil: answer.confirmedUntil });
  return answer;
}

/** A window closing sooner than this is asked for again rather than trusted to outlast the request. */
const MARGIN_MS = 30_000;

/**
 * For what is no API call the client can send again (a download the browser makes): asks for the
 * password first unless this session's window is open for a while yet. False when it was cancelled.
 */
export async function ensureFreshConfirmation(): Promise<boolean> {
  const user = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
  return isFreshlyConfirmed(user?.confirmedUntil, Date.now() + MARGIN_MS) || confirmationStore.ask();
}
