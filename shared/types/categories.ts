/** A forum category (GET /api/categories, the admin category routes). */
export interface Category {
  id: number;
  name: string;
  /** For `/c/{slug}` and `GET /api/topics?category=`. */
  slug: string;
  description: string | null;
  /** `#rrggbb`, lowercase. */
  color: string;
  /** 1 = first; the list is in this order. */
  position: number;
  topicsCount: number;
}

/** GET /api/categories */
export interface CategoriesResponse {
  categories: Category[];
}

export interface TagCount {
  name: string;
  topicsCount: number;
}

/** GET /api/tags?q= */
export interface TagsResponse {
  tags: TagCount[];
}
