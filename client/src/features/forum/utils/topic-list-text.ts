import type { TopicListFilter, TopPeriod } from "@shared/constants";
import type { TopicListView } from "./topic-list-params";

export const TAB_LABELS: Record<TopicListFilter, string> = { latest: "Latest", new: "New", unread: "Unread", top: "Top" };
export const PERIOD_LABELS: Record<TopPeriod, string> = { day: "Today", week: "This week", month: "This month", year: "This year", all: "All time" };

/** Where the list is narrowed to: " in {Category}", " tagged #x", both, or nothing. */
function scope(view: TopicListView, categoryName: string | undefined): string {
  const inCategory = view.category ? ` in ${categoryName ?? view.category}` : "";
  const tagged = view.tag ? ` tagged #${view.tag}` : "";
  return `${inCategory}${tagged}`;
}

/** What an empty list says: which list is empty, and what would show in it. */
export function emptyListText(view: TopicListView, categoryName?: string): { title: string; description: string } {
  const where = scope(view, categoryName);
  switch (view.filter) {
    case "new":
      return { title: `No new topics${where}`, description: "Topics started since you joined that you have not opened yet show here." };
    case "unread":
      return { title: `Nothing unread${where}`, description: "Topics you have read show here when someone replies." };
    case "top":
      return {
        title: `No topics${where} with posts ${view.period === "all" ? "yet" : PERIOD_LABELS[view.period].toLowerCase()}`,
        description: "Top lists the topics with the most posts written in the period.",
      };
    default:
      return where
        ? { title: `No topics${where} yet`, description: "Start one with New Topic." }
        : { title: "No topics yet", description: "Start the first conversation with New Topic." };
  }
}
