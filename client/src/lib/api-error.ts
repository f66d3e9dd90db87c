import { CONFIRM_REQUIRED_CODE } from "@shared/policies/fresh-confirmation";
import type { ValidationIssue } from "@shared/types";

/** What a failure toast says when the server gave no message of its own. */
export const FALLBACK_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** A non-OK answer of the API: its status and what it said. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The answer's JSON when it was JSON, otherwise its text (the status text when it was empty). */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }

  /** From an answer's status and raw text, as the API client and the upload receive them. */
  static fromText(status: number, text: string): ApiError {
    try {
      return new ApiError(status, JSON.parse(text));
    } catch {
      return new ApiError(status, text);
    }
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === "string") {
    // Plain text is the message; markup (a proxy's error page) is not.
    const text = body.trim();
    return text && !text.includes("<") ? text : undefined;
  }
  if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string") {
    return body.message.trim() || undefined;
  }
  return undefined;
}

/** The server's message for an API error (its JSON `message`, or its plain text), else the fallback. */
export function apiErrorMessage(error: unknown, fallback = FALLBACK_ERROR_MESSAGE): string {
  return (error instanceof ApiError && messageOf(error.body)) || fallback;
}

/** Whether this is an API error with this HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** A sensitive change refused for want of a fresh confirmation (403 `confirm_required`). */
export function isConfirmRequired(error: unknown): boolean {
  if (!hasStatus(error, 403)) return false;
  const body = (error as ApiError).body;
  return typeof body === "object" && body !== null && "code" in body && body.code === CONFIRM_REQUIRED_CODE;
}

/** The per-field failures of a 400 validation answer (`errors: [{ path, message }]`); empty for anything else. */
export function apiValidationIssues(error: unknown): ValidationIssue[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body;
  if (typeof body !== "object" || body === null || !("errors" in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (issue): issue is ValidationIssue =>
      typeof issue === "object" && issue !== null && typeof issue.path === "string" && typeof issue.message === "string",
  );
}
