import type pg from "pg";
import type { Listener } from "../db/listener";
import { PreparedAnswers } from "../middlewares/prepared-json";
import type { CategoryGroups } from "../policies/category-access";
import type { PageParts } from "../queries/page-parts";
import type { PostRow } from "../presenters/post";
import type { PostsPageJson } from "../presenters/posts-page-json";
import type { TopicListJson } from "../presenters/topic-list-json";
import type { TopicRow } from "../presenters/topic";
import { watchForumChanges } from "./forum-changes";
import { SharedCache } from "./shared-cache";

/** One page of a topic's posts as every member sees it (their reactions and what they may do are added per request). */
export interface TopicPostsPage {
  rows: PostRow[];
  /** The number of the first post (`around` pages only). */
  firstNumber?: number;
}

/**
 * A kept posts page with its shared JSON (docs/decisions/048), its topic's category's groups as
 * they were when it was read: each request asks the policy whether its reader may read them
 * (docs/decisions/063). A change of those groups clears every page, a topic's move clears its own.
 * And what its readers differ by, for all of them (docs/decisions/067).
 */
export type KeptPostsPage = TopicPostsPage & { json: PostsPageJson; groups: CategoryGroups; parts: PageParts };
/** The kept list's topics with their shared JSON. */
export interface KeptTopicList {
  rows: TopicRow[];
  json: TopicListJson;
}

/** The forum's hot shared reads, kept per process (docs/decisions/037). */
export interface ForumCaches {
  /** The plain list's and Top over a period's first pages, by list and page size (routes/topics). */
  topicLists: SharedCache<KeptTopicList>;
  /** Posts pages, by topic and cursor. */
  topicPages: SharedCache<KeptPostsPage>;
  /** The last distinct answers made from them, their ETags and compressed forms (docs/decisions/048). */
  answers: PreparedAnswers;
  close(): void;
}

// A posts page is up to 100 posts of up to a few kB each: 300 pages stay within some tens of MB.
const MAX_TOPIC_PAGES = 300;
// One per list (latest, Top over four periods) and page size asked for; the client asks for one size.
const MAX_TOPIC_LISTS = 20;
/** The net for writes nobody announced (psql): they show within this time. */
const MAX_AGE_MS = 60_000;
/** What the answers made from kept pages may hold: some hundreds of pages, or a list for each of some hundreds of readers. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export function createForumCaches({ pool, listener }: { pool: pg.Pool; listener: Listener }): ForumCaches {
  const topicLists = new SharedCache<KeptTopicList>({ maxEntries: MAX_TOPIC_LISTS, maxAgeMs: MAX_AGE_MS });
  const topicPages = new SharedCache<KeptPostsPage>({ maxEntries: MAX_TOPIC_PAGES, maxAgeMs: MAX_AGE_MS });
  const stops = [topicLists, topicPages].map((cache) => watchForumChanges({ pool, listener, cache }));
  return {
    topicLists,
    topicPages,
    answers: new PreparedAnswers(MAX_ANSWER_BYTES),
    close: () => stops.forEach((stop) => stop()),
  };
}
