import type { z } from "zod";
import type { apiErrorSchema, bannedErrorSchema, validationIssueSchema } from "../schemas/answers/common";
/** One failed rule; `path` is the field path joined with dots ("" for the whole body). */
export type ValidationIssue = z.output<typeof validationIssueSchema>;

/** Body of every error response; `errors` only on validation failures (400). */
export type ApiError = z.output<typeof apiErrorSchema>;

/** 403 answer to a banned member's calls. */
export type BannedError = z.output<typeof bannedErrorSchema>;
