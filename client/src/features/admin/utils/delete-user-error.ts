import { ApiError, apiErrorMessage } from "@/lib/api-error";
import { DELETE_USER_FALLBACK, DELETE_USER_NOT_FOUND } from "../messages";

/**
 * The description of the 'Failed to delete user' toast (docs/product.md "Messages"): a 404 says the
 * user may have been deleted already; any other status reads 'HTTP {status}: {body}', the body being
 * the server's message; a failure without a status (network) gives 'Database operation failed'.
 */
export function deleteUserErrorDescription(error: unknown): string {
  if (!(error instanceof ApiError)) return DELETE_USER_FALLBACK;
  if (error.status === 404) return DELETE_USER_NOT_FOUND;
  return `HTTP ${error.status}: ${apiErrorMessage(error, DELETE_USER_FALLBACK)}`;
}
