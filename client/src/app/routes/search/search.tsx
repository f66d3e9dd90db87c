import * as Tabs from "@radix-ui/react-tabs";
import { Search, SearchX } from "lucide-react";
import { useLocation, useSearch as useQueryString } from "wouter";
import { SEARCH_TYPES, type SearchType } from "@shared/constants";
import { searchQuerySchema } from "@shared/schemas/search";
import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/layouts/page-container";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useSearchCounts } from "@/features/search/api/search";
import { SearchResults } from "@/features/search/components/search-results";
import { defaultSearchTab } from "@/features/search/default-tab";
import { usePageTitle } from "@/hooks/use-page-title";
import { badgeCount } from "@/lib/count-label";

const TAB_LABELS: Record<SearchType, string> = { posts: "Posts", topics: "Topics", members: "Members" };

/**
 * /search?q=&type=: results in Posts, Topics and Members tabs, each with its count; the tab and text
 * live in the URL. Without a `type` it opens on the first tab that has results.
 */
export function SearchScreen() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useQueryString());
  const q = (params.get("q") ?? "").trim();
  const requested = params.get("type");
  const named = (SEARCH_TYPES as readonly string[]).includes(requested ?? "") ? (requested as SearchType) : undefined;
  usePageTitle(q ? `Search: ${q}` : "Search");

  // A text the API would refuse (a link can carry any): say why here rather than ask the server.
  const refusal = q ? searchQuerySchema.shape.q.safeParse(q).error?.issues[0]?.message : undefined;
  const counts = useSearchCounts(refusal ? "" : q);
  // Until the counts arrive the default tab is not known; if they fail, Posts (its own request shows the error).
  const type = named ?? (counts.data ? defaultSearchTab(counts.data) : counts.isError ? "posts" : undefined);
  const show = (next: string) => navigate(`/search?${new URLSearchParams({ q, type: next })}`, { replace: true });

  return (
    <PageContainer className="flex flex-col gap-5">
      <h1 className="line-clamp-2 text-2xl font-bold tracking-tight [overflow-wrap:anywhere]" title={q || undefined}>
        {q ? <>Results for “{q}”</> : "Search"}
      </h1>
      {refusal ? (
        <Card>
          <EmptyState icon={SearchX} title="Search not possible" description={refusal} />
        </Card>
      ) : q ? (
        <Tabs.Root value={type ?? ""} onValueChange={show}>
          <Tabs.List aria-label="Result types" className="mb-4 flex border-b border-border sm:gap-1">
            {SEARCH_TYPES.map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="group -mb-px flex items-center gap-1.5 border-b-2 border-transparent px-2.5 py-2 sm:gap-2 sm:px-4 text-sm font-medium text-muted transition-colors hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground"
              >
                {TAB_LABELS[value]}
                {counts.data && (
                  <span className="min-w-6 rounded-full bg-surface-raised px-1.5 py-0.5 text-center text-xs tabular-nums text-muted group-data-[state=active]:bg-primary/15 group-data-[state=active]:text-primary">
                    {badgeCount(counts.data.counts[value])}
                  </span>
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {type === undefined && <Spinner className="py-12" />}
          {SEARCH_TYPES.map((value) => (
            <Tabs.Content key={value} value={value}>
              {value === type && <SearchResults type={value} q={q} />}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <Card>
          <EmptyState icon={Search} title="Search the community" description="Type words in the search box: “quoted phrases”, -excluded words and or work too." />
        </Card>
      )}
    </PageContainer>
  );
}
