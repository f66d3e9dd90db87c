import { z } from "zod";
import { MAX_DB_INTEGER, NOT_BLANK, upToSource } from "./fields";
import { FLAG_NOTE_MAX_LENGTH, FLAG_REASONS, FLAG_TARGET_TYPES, REVIEW_ACTIONS, REVIEW_STATUSES } from "../flags";

/** POST /api/flags (docs/product.md "Moderation by the community"): the form and the API parse the same body. */
export const flagSchema = z
  .strictObject({
    targetType: z.enum(FLAG_TARGET_TYPES, { error: "Unknown target type" }),
    // A username for a card, an id for the others (checked by the route against the type).
    targetId: z.union([z.number().int().positive().max(MAX_DB_INTEGER), z.string().trim().min(1).max(100).meta(NOT_BLANK)]),
    reason: z.enum(FLAG_REASONS, { error: "Choose a reason" }),
    note: z.string().trim().max(FLAG_NOTE_MAX_LENGTH, `At most ${FLAG_NOTE_MAX_LENGTH} characters`).optional(),
  })
  .refine((flag) => flag.reason !== "other" || (flag.note ?? "").length > 0, { path: ["note"], message: "Say what is wrong" })
  .meta({ if: { properties: { reason: { const: "other" } }, required: ["reason"] }, then: { properties: { note: NOT_BLANK }, required: ["note"] } });
export type FlagInput = z.input<typeof flagSchema>;

/** What the flag dialog edits: the reason and the note (the target is the dialog's own). */
export const flagFormSchema = z
  .object({
    reason: z.enum(FLAG_REASONS, { error: "Choose a reason" }),
    note: z.string().trim().max(FLAG_NOTE_MAX_LENGTH, `At most ${FLAG_NOTE_MAX_LENGTH} characters`),
  })
  .refine((flag) => flag.reason !== "other" || flag.note.length > 0, { path: ["note"], message: "Say what is wrong" });
export type FlagFormData = z.infer<typeof flagFormSchema>;

/** GET /api/review's query. */
export const reviewQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).default("pending"),
  /** The last item of the page before (nextCursor). */
  cursor: z
    .string()
    .regex(new RegExp(`^${upToSource(MAX_DB_INTEGER)}$`), "Unknown cursor")
    .optional(),
});

/** POST /api/review/{id}. */
export const reviewDecisionSchema = z.strictObject({
  action: z.enum(REVIEW_ACTIONS, { error: "Unknown action" }),
  note: z.string().trim().max(FLAG_NOTE_MAX_LENGTH, `At most ${FLAG_NOTE_MAX_LENGTH} characters`).optional(),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;
