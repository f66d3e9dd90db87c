import { useQuery } from "@tanstack/react-query";
import type { Category } from "@/lib/categories-contract";
import { categoriesQueryKey } from "@/lib/query-keys";

/** GET /api/categories → { categories } by position, through the default query function. */
export function useCategories() {
  return useQuery<{ categories: Category[] }, Error, Category[]>({
    queryKey: categoriesQueryKey,
    select: (data) => data.categories,
  });
}

/**
 * The default category for new topics: General, which exists from the first start and can never be
 * deleted, so it is always the one made first (the lowest id), whatever it has been renamed to.
 */
export function defaultCategory(categories: readonly Category[]): Category | undefined {
  return categories.reduce<Category | undefined>((first, category) => (first === undefined || category.id < first.id ? category : first), undefined);
}
