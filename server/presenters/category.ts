import type { Category, TagCount } from "@shared/types";
import type { categories, tags } from "../db/schema";
import { canWriteCategory, type CategoryReader } from "../policies/category-access";

export type CategoryRow = Pick<
  typeof categories.$inferSelect,
  "id" | "name" | "slug" | "description" | "color" | "position" | "topicsCount" | "readGroups" | "writeGroups"
>;

/** A category as `viewer` sees it: whether they may post in it comes from the policy. */
export function presentCategory(row: CategoryRow, viewer: CategoryReader): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    color: row.color,
    position: row.position,
    topicsCount: row.topicsCount,
    readGroups: row.readGroups,
    writeGroups: row.writeGroups,
    canPost: canWriteCategory(viewer, row),
  };
}

export type TagRow = Pick<typeof tags.$inferSelect, "name" | "topicsCount">;

export function presentTag(row: TagRow): TagCount {
  return { name: row.name, topicsCount: row.topicsCount };
}
