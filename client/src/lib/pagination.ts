import { MAX_PAGINATION_BUTTONS } from "@/lib/ui-constants";

/**
 * The page numbers to offer as buttons: at most `max`, a window that keeps the current page in the
 * middle where it can and slides against the first or last page otherwise.
 */
export function pageWindow(currentPage: number, totalPages: number, max: number = MAX_PAGINATION_BUTTONS): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const size = Math.min(max, total);
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const first = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), total - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}
