/** One failed rule; `path` is the field path joined with dots ("" for the whole body). */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** Body of every error response; `errors` only on validation failures (400). */
export interface ApiError {
  message: string;
  errors?: ValidationIssue[];
}

/** 403 answer to a sensitive change without a fresh confirmation (shared/policies/fresh-confirmation.ts). */
export interface ConfirmRequiredError {
  message: "Confirm your password to continue";
  code: "confirm_required";
}

/** 403 answer to a banned member's calls. */
export interface BannedError extends ApiError {
  message: "Account banned";
  banReason: string | null;
  banExpiresAt: string | null;
}
