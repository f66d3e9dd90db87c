import type { z } from "zod";
import type { apiErrorSchema, bannedErrorSchema, confirmRequiredErrorSchema, validationIssueSchema } from "../schemas/answers/common";
/** One failed rule; `path` is the field path joined with dots ("" for the whole body). */
export type ValidationIssue = z.output<typeof validationIssueSchema>;

/** Body of every error response; `errors` only on validation failures (400). */
export type ApiError = z.output<typeof apiErrorSchema>;

/** 403 answer to a sensitive change without a fresh confirmation (shared/policies/fresh-confirmation.ts). */
export type ConfirmRequiredError = z.output<typeof confirmRequiredErrorSchema>;

/** 403 answer to a banned member's calls. */
export type BannedError = z.output<typeof bannedErrorSchema>;
