import { z } from "zod";
import { CATEGORY_LIMITS, TAG_MAX_LENGTH, TAG_PATTERN, MAX_TOPIC_TAGS } from "../constants";
import { atMost, hexColorSchema, MAX_DB_INTEGER, NOT_BLANK } from "./fields";
import { categoryGroupsSchema } from "./groups";

const categoryNameSchema = z
  .string()
  .trim()
  .min(1, "Name required")
  .max(CATEGORY_LIMITS.name, atMost(`Name must be at most ${CATEGORY_LIMITS.name} characters`))
  .meta(NOT_BLANK);
/** Empty clears it (null). */
const categoryDescriptionSchema = z
  .string()
  .trim()
  .max(CATEGORY_LIMITS.description, atMost(`Description must be at most ${CATEGORY_LIMITS.description} characters`))
  .nullable()
  .transform((value) => value || null);
const categoryColorSchema = hexColorSchema.transform((value) => value.toLowerCase());
const categoryIdSchema = z.number({ error: "Invalid category" }).int("Invalid category").min(1, "Invalid category").max(MAX_DB_INTEGER, "Invalid category");

/** POST /api/admin/categories */
export const createCategorySchema = z.strictObject({
  name: categoryNameSchema,
  description: categoryDescriptionSchema.optional(),
  color: categoryColorSchema,
  // Who reads and who writes it (group ids; empty or absent: every member).
  readGroups: categoryGroupsSchema.optional(),
  writeGroups: categoryGroupsSchema.optional(),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;
export type CreateCategoryData = z.output<typeof createCategorySchema>;

/**
 * PATCH /api/admin/categories/{id}. `position` (1 = first) moves the category there and shifts the
 * ones between its old and new place by one; past the last place it goes last.
 */
export const updateCategorySchema = z
  .strictObject({
    name: categoryNameSchema.optional(),
    description: categoryDescriptionSchema.optional(),
    color: categoryColorSchema.optional(),
    position: z.number({ error: "Invalid position" }).int("Invalid position").min(1, "Invalid position").max(MAX_DB_INTEGER, "Invalid position").optional(),
    readGroups: categoryGroupsSchema.optional(),
    writeGroups: categoryGroupsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to update")
  .meta({ minProperties: 1 });
export type UpdateCategoryInput = z.input<typeof updateCategorySchema>;
export type UpdateCategoryData = z.output<typeof updateCategorySchema>;

/** DELETE /api/admin/categories/{id}: where its topics go. */
export const deleteCategorySchema = z.strictObject({ moveTo: categoryIdSchema });
export type DeleteCategoryInput = z.input<typeof deleteCategorySchema>;

/** A topic's category in a write: an id that must name a category (else 400). */
export const topicCategoryIdSchema = categoryIdSchema;

/** One tag as written: trimmed and lowercased, then `[a-z0-9][a-z0-9-]{0,29}`. */
export const tagSchema = z
  .string()
  .trim()
  .max(TAG_MAX_LENGTH, atMost(`A tag is at most ${TAG_MAX_LENGTH} characters`))
  .toLowerCase()
  .regex(TAG_PATTERN, "A tag is letters, digits and dashes, starting with a letter or digit");

/** A topic's tags: repeats removed (first spelling kept in place), then at most MAX_TOPIC_TAGS. */
export const topicTagsSchema = z
  .array(tagSchema)
  .transform((tags) => [...new Set(tags)])
  .refine((tags) => tags.length <= MAX_TOPIC_TAGS, `At most ${MAX_TOPIC_TAGS} tags`)
  // Repeats count against the document's limit (JSON Schema has no "distinct once lowercased").
  .meta({ maxItems: MAX_TOPIC_TAGS });

/** GET /api/tags?q= */
export const tagSuggestionsQuerySchema = z.object({ q: z.string().optional() });
