import { useEffect, useState } from "react";

interface LoadMoreOptions {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** After a failed page nothing more is fetched by scrolling (the caller offers a retry). */
  isFetchNextPageError?: boolean;
  /** How far ahead of the end the next page is asked for. */
  rootMargin?: string;
}

/**
 * For a list that grows as the reader scrolls (useInfiniteQuery): returns a ref for an element
 * placed after the last item; when it comes near the viewport the next page is fetched. The
 * observer is renewed after every page, so a page too short to fill the screen loads the next one too.
 */
export function useLoadMoreOnScroll({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  isFetchNextPageError = false,
  rootMargin = "600px 0px",
}: LoadMoreOptions) {
  const [sentinel, setSentinel] = useState<Element | null>(null);

  useEffect(() => {
    if (!sentinel || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, rootMargin]);

  return setSentinel;
}
