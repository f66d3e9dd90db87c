import { DEFAULT_TOP_PERIOD, TOP_PERIODS, TOPIC_LIST_FILTERS, type TopicListFilter, type TopPeriod } from "@shared/constants";

/** Which topics the forum lists: a tab, Top's period, and at most one category (slug) and one tag. */
export interface TopicListView {
  filter: TopicListFilter;
  period: TopPeriod;
  category?: string;
  tag?: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : fallback;

/**
 * The view a forum address asks for: `/forum?filter=&period=&category=&tag=`, or `/c/{slug}` and
 * `/tag/{name}` whose path gives the category or tag. A value the list does not know falls back to
 * the default tab or period, so an edited link still shows a list.
 */
export function parseTopicListView(search: string, fromPath: { category?: string; tag?: string } = {}): TopicListView {
  const params = new URLSearchParams(search);
  const category = fromPath.category ?? params.get("category") ?? undefined;
  const tag = fromPath.tag ?? params.get("tag") ?? undefined;
  return {
    filter: oneOf(TOPIC_LIST_FILTERS, params.get("filter"), "latest"),
    period: oneOf(TOP_PERIODS, params.get("period"), DEFAULT_TOP_PERIOD),
    ...(category ? { category } : {}),
    ...(tag ? { tag: tag.toLowerCase() } : {}),
  };
}

/**
 * The one address of a view, so a list can be shared and each change is a step Back undoes: a
 * category's list is `/c/{slug}`, else a tag's `/tag/{name}`, else `/forum`; the tab and Top's
 * period follow in the query, defaults left out.
 */
export function topicListHref(view: TopicListView): string {
  const params = new URLSearchParams();
  if (view.filter !== "latest") params.set("filter", view.filter);
  if (view.filter === "top" && view.period !== DEFAULT_TOP_PERIOD) params.set("period", view.period);
  let path = "/forum";
  if (view.category) {
    path = `/c/${encodeURIComponent(view.category)}`;
    if (view.tag) params.set("tag", view.tag);
  } else if (view.tag) {
    path = `/tag/${encodeURIComponent(view.tag)}`;
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** GET /api/topics's query for a view and page (`after` the last topic shown). */
export function topicListApiQuery(view: TopicListView, { limit, after }: { limit: number; after?: number }): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit), filter: view.filter });
  if (view.filter === "top") params.set("period", view.period);
  if (view.category) params.set("category", view.category);
  if (view.tag) params.set("tag", view.tag);
  if (after !== undefined) params.set("after", String(after));
  return params;
}
