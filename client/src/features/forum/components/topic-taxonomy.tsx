import { Link } from "wouter";
import { useCategories } from "@/hooks/use-categories";
import { CategoryChip } from "@/components/category-chip";
import { cn } from "@/lib/cn";
import type { Topic } from "@shared/types";
import { topicListHref } from "../utils/topic-list-params";

/** A tag, linking to its list (/tag/{name}). */
export function TagLink({ name, className }: { name: string; className?: string }) {
  return (
    <Link
      href={topicListHref({ filter: "latest", period: "month", tag: name })}
      className={cn(
        "inline-flex items-center rounded-md border border-border bg-surface-raised/60 px-1.5 py-px text-xs font-medium text-muted transition-colors hover:border-muted/60 hover:text-foreground",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        className,
      )}
    >
      #{name}
    </Link>
  );
}

/**
 * A topic's category (a coloured chip) and tags, each a link to its filtered list. The category is
 * looked up in the cached categories list; until that has loaded only the tags show.
 */
export function TopicTaxonomy({ topic, className }: { topic: Pick<Topic, "categoryId" | "tags">; className?: string }) {
  const { data: categories } = useCategories();
  const category = categories?.find((candidate) => candidate.id === topic.categoryId);
  if (!category && topic.tags.length === 0) return null;
  return (
    <div className={cn("flex min-w-0 flex-wrap items-center gap-1.5", className)}>
      {category && <CategoryChip category={category} />}
      {topic.tags.length > 0 && (
        <ul className="flex min-w-0 flex-wrap items-center gap-1.5" aria-label="Tags">
          {topic.tags.map((tag) => (
            <li key={tag}>
              <TagLink name={tag} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
