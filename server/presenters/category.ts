import type { Category, TagCount } from "@shared/types";
import type { categories, tags } from "../db/schema";

export type CategoryRow = Pick<typeof categories.$inferSelect, "id" | "name" | "slug" | "description" | "color" | "position" | "topicsCount">;

export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    color: row.color,
    position: row.position,
    topicsCount: row.topicsCount,
  };
}

export type TagRow = Pick<typeof tags.$inferSelect, "name" | "topicsCount">;

export function presentTag(row: TagRow): TagCount {
  return { name: row.name, topicsCount: row.topicsCount };
}
