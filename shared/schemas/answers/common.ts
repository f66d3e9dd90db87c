import { z } from "zod";
import { CONFIRM_REQUIRED_CODE, CONFIRM_REQUIRED_MESSAGE } from "../../policies/fresh-confirmation";

/**
 * The pieces every answer schema is made of. Answer schemas (this folder) describe what the API
 * sends: they are what GET /api/openapi.json is generated from and what the API tests check every
 * JSON answer against. They are strict: a field the schema does not name fails the check.
 */

/** A time as the API sends it: `toISOString()`'s form (server/presenters/iso-time.ts). */
export const isoTimeSchema = z.iso.datetime();
export const idSchema = z.int().positive();
export const countSchema = z.int().nonnegative();
/** An avatar's URL (an upload, `/uploads/...`), or null for none. */
export const avatarSchema = z.string().nullable();

/** A member as lists of people show them (conversation members, notification actors, blocked members, reactors). */
export const memberSummarySchema = z.strictObject({ id: idSchema, username: z.string(), avatar: avatarSchema }).meta({ id: "MemberSummary" });

/** A write that has nothing more to answer than what it did ("Post deleted"). */
export const messageAnswerSchema = z.strictObject({ message: z.string() }).meta({ id: "Message" });

/** One failed rule; `path` is the field path joined with dots ("" for the whole body). */
export const validationIssueSchema = z.strictObject({ path: z.string(), message: z.string() }).meta({ id: "ValidationIssue" });

/** Every error answer (docs/product.md "API conventions"); `errors` only on a failed validation (400). */
export const apiErrorSchema = z
  .strictObject({ message: z.string(), errors: z.array(validationIssueSchema).optional() })
  .meta({ id: "Error", description: "`message` is meant for people; `errors` lists the failed rules of a 400." });

/** A 429: the limit's message; a locked sign-in also says in how many seconds it opens again (as `Retry-After` does). */
export const rateLimitedErrorSchema = z
  .strictObject({ message: z.string(), retryAfterSeconds: z.int().positive().optional() })
  .meta({ id: "RateLimited" });

/** 403 to a banned member's calls. */
export const bannedErrorSchema = z
  .strictObject({ message: z.literal("Account banned"), banReason: z.string().nullable(), banExpiresAt: isoTimeSchema.nullable() })
  .meta({ id: "BannedError" });

/** A silenced member's write: `Your account is silenced until {date}`, with the date. */
export const silencedErrorSchema = z
  .strictObject({ message: z.string().startsWith("Your account is silenced until "), silencedUntil: isoTimeSchema })
  .meta({ id: "SilencedError" });

/** A sensitive change without a fresh confirmation: the client asks for the password and tries again. */
export const confirmRequiredErrorSchema = z
  .strictObject({ message: z.literal(CONFIRM_REQUIRED_MESSAGE), code: z.literal(CONFIRM_REQUIRED_CODE) })
  .meta({ id: "ConfirmRequiredError" });

/** A 403: the usual error, the ban's (with its reason and end), or the silence's. */
export const forbiddenErrorSchema = z.union([bannedErrorSchema, silencedErrorSchema, apiErrorSchema]);
/** A 403 of a route that needs a fresh confirmation: any of the above, or that one. */
export const confirmedForbiddenErrorSchema = z.union([bannedErrorSchema, silencedErrorSchema, confirmRequiredErrorSchema, apiErrorSchema]);

/** Posts, profile comments and topics' openers: whether the reader has an open flag on it (staff have not decided yet). */
export const viewerFlaggedSchema = z.boolean().meta({ description: "Whether the reader flagged it and staff have not decided yet: the Flag button reads \"Flagged\"." });
