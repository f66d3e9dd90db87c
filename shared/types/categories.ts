import type { z } from "zod";
import type { categoriesSchema, categorySchema, tagsSchema } from "../schemas/answers/forum";
/** A forum category (GET /api/categories, the admin category routes). */
export type Category = z.output<typeof categorySchema>;

/** GET /api/categories */
export type CategoriesResponse = z.output<typeof categoriesSchema>;

export type TagCount = TagsResponse["tags"][number];

/** GET /api/tags?q= */
export type TagsResponse = z.output<typeof tagsSchema>;
