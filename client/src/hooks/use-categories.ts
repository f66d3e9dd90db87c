import { useQuery } from "@tanstack/react-query";
import { GENERAL_CATEGORY_ID } from "@shared/constants";
import type { CategoriesResponse, Category } from "@shared/types";
import { categoriesQueryKey } from "@/lib/query-keys";

/** GET /api/categories → { categories } by position, through the default query function. */
export function useCategories() {
  return useQuery<CategoriesResponse, Error, Category[]>({
    queryKey: categoriesQueryKey,
    select: (data) => data.categories,
  });
}

/** General, the default for new topics: the one shown as chosen until another is. */
export const defaultCategory = (categories: readonly Category[]) => categories.find((category) => category.id === GENERAL_CATEGORY_ID);
