import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { MENTION_MIN_LETTERS } from "@shared/constants";
import type { MemberSearchResult, SearchPage } from "@shared/types";
import { apiGet } from "@/lib/api-client";

/** Typing pauses this long before the member search is asked. */
const DEBOUNCE_MS = 150;
/** Suggestions shown at most. */
export const MEMBER_SUGGESTIONS_SHOWN = 6;

/**
 * Members whose username contains `text` (GET /api/search?type=members: names that start with it
 * first), for `@` mentions; nothing is asked below MENTION_MIN_LETTERS letters.
 */
export function useMemberSuggestions(text: string | null) {
  const [asked, setAsked] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const q = asked !== null && asked.length >= MENTION_MIN_LETTERS ? asked : null;
  const query = useQuery({
    queryKey: ["/api/search", "members", q, "suggestions"],
    queryFn: ({ signal }) => apiGet<SearchPage<MemberSearchResult>>(`/api/search?${new URLSearchParams({ q: q!, type: "members" })}`, signal),
    enabled: q !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return text !== null && text.length >= MENTION_MIN_LETTERS ? (query.data?.results.slice(0, MEMBER_SUGGESTIONS_SHOWN) ?? []) : [];
}
