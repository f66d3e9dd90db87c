import { Link, useLocation } from "wouter";
import { useCategories } from "@/hooks/use-categories";
import { Select } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { TOP_PERIODS, TOPIC_LIST_FILTERS, type TopPeriod } from "@shared/constants";
import { useTags } from "../api/get-tags";
import { topicListHref, type TopicListView } from "../utils/topic-list-params";
import { PERIOD_LABELS, TAB_LABELS } from "../utils/topic-list-text";

/**
 * The list's tabs (Latest, New, Unread, Top), Top's period and the category and tag filters. Every
 * choice is a new address (topicListHref), so the list can be shared and Back undoes a choice.
 */
export function TopicListControls({ view }: { view: TopicListView }) {
  const [, navigate] = useLocation();
  const { data: categories = [] } = useCategories();
  const { data: tags = [] } = useTags();
  const show = (changes: Partial<TopicListView>) => navigate(topicListHref({ ...view, ...changes }));
  const tagNames = tags.map((tag) => tag.name);
  if (view.tag && !tagNames.includes(view.tag)) tagNames.unshift(view.tag);

  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <nav aria-label="Topic lists">
        <ul className="grid grid-cols-4 gap-1 rounded-xl border border-border bg-surface p-1 sm:flex sm:w-max">
          {TOPIC_LIST_FILTERS.map((filter) => {
            const current = filter === view.filter;
            return (
              <li key={filter}>
                <Link
                  href={topicListHref({ ...view, filter })}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "flex h-8 items-center justify-center rounded-lg px-3.5 text-sm font-medium transition-colors",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                    current ? "bg-primary text-primary-foreground shadow-sm shadow-primary/30" : "text-muted hover:bg-surface-raised hover:text-foreground",
                  )}
                >
                  {TAB_LABELS[filter]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center md:justify-end">
        {view.filter === "top" && (
          <Select
            aria-label="Period"
            value={view.period}
            onChange={(event) => show({ period: event.target.value as TopPeriod })}
            className="col-span-2 sm:w-36"
          >
            {TOP_PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </Select>
        )}
        <Select
          aria-label="Category"
          value={view.category ?? ""}
          onChange={(event) => show({ category: event.target.value || undefined })}
          className="sm:w-44"
        >
          <option value="">All categories</option>
          {view.category && !categories.some((category) => category.slug === view.category) && <option value={view.category}>{view.category}</option>}
          {categories.map((category) => (
            <option key={category.id} value={category.slug}>
              {category.name}
            </option>
          ))}
        </Select>
        <Select aria-label="Tag" value={view.tag ?? ""} onChange={(event) => show({ tag: event.target.value || undefined })} className="sm:w-40">
          <option value="">All tags</option>
          {tagNames.map((name) => (
            <option key={name} value={name}>
              #{name}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
