import { Hash } from "lucide-react";
import { useParams, useSearch } from "wouter";
import { PageContainer } from "@/components/layouts/page-container";
import { TextLink } from "@/components/ui/text-link";
import { useCategories } from "@/hooks/use-categories";
import { readableTextColor } from "@/lib/readable-text-color";
import { NewTopicButton } from "@/features/forum/components/new-topic-button";
import { TopicList } from "@/features/forum/components/topic-list";
import { TopicListControls } from "@/features/forum/components/topic-list-controls";
import { parseTopicListView } from "@/features/forum/utils/topic-list-params";
import { usePageTitle } from "@/hooks/use-page-title";

/**
 * /forum, /c/{slug} and /tag/{name}: the topic list with its tabs and filters, all in the address
 * (the path gives the category or tag; the query the tab, Top's period and the other filter).
 */
export function ForumScreen() {
  const { slug, name } = useParams<{ slug?: string; name?: string }>();
  const view = parseTopicListView(useSearch(), { category: slug, tag: name });
  const { data: categories } = useCategories();
  const category = view.category ? categories?.find((candidate) => candidate.slug === view.category) : undefined;
  usePageTitle(category ? category.name : view.category ? "Category" : view.tag ? `#${view.tag}` : "Forum");

  return (
    <PageContainer className="flex flex-col gap-5">
      <div className="flex items-end justify-between gap-4">
        <div className="min-w-0">
          {category ? (
            <h1 className="flex min-w-0 items-center gap-3 text-2xl font-semibold tracking-tight sm:text-3xl">
              <span
                aria-hidden
                className="grid size-8 shrink-0 place-items-center rounded-lg text-base font-bold shadow-sm sm:size-9"
                style={{ backgroundColor: category.color, color: readableTextColor(category.color) }}
              >
                {category.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="truncate">{category.name}</span>
            </h1>
          ) : view.tag && !view.category ? (
            <h1 className="flex min-w-0 items-center gap-2 text-2xl font-semibold tracking-tight sm:text-3xl">
              <Hash className="size-6 shrink-0 text-muted sm:size-7" aria-hidden />
              <span className="truncate">{view.tag}</span>
            </h1>
          ) : (
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Forum</h1>
          )}
          <p className="mt-1 line-clamp-2 text-sm text-muted">
            {category
              ? category.description || "Topics in this category."
              : view.category
                ? `There is no category “${view.category}”.`
                : view.tag
                  ? `Topics tagged #${view.tag}.`
                  : "Topics from the community, sorted into categories and tags."}
          </p>
        </div>
        <NewTopicButton categoryId={category?.id} />
      </div>
      <TopicListControls view={view} />
      <TopicList view={view} categoryName={category?.name} />
      <p className="text-center text-xs text-muted">
        <TextLink href="/moderation">Moderation log</TextLink>: what staff did, and why.
      </p>
    </PageContainer>
  );
}
