// TEMPORARY: the categories contract as decisions.md gives it, until w-categories lands in shared/.
import { z } from "zod";

export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  color: string;
  position: number;
  topicsCount: number;
}
export interface TagSummary {
  name: string;
  topicsCount: number;
}
export const TOPIC_LIST_FILTERS = ["latest", "new", "unread", "top"] as const;
export type TopicListFilter = (typeof TOPIC_LIST_FILTERS)[number];
export const TOP_PERIODS = ["day", "week", "month", "year", "all"] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const DEFAULT_TOP_PERIOD: TopPeriod = "month";
export const MAX_TOPIC_TAGS = 5;
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, "Tags are 1-30 letters, digits or dashes, starting with a letter or digit");
/** What a topic carries of categories and tags (and, when the server gives it, whether the viewer may edit it). */
export interface TopicTaxonomy {
  categoryId: number;
  tags: string[];
  canEdit?: boolean;
}
/** A topic's category and tags, as POST /api/topics and PATCH /api/topics/{id} take them. */
export const topicTaxonomyFields = {
  categoryId: z.number().int().positive().optional(),
  tags: z.array(tagSchema).max(MAX_TOPIC_TAGS, `At most ${MAX_TOPIC_TAGS} tags`),
};
export interface TopicTaxonomyData {
  categoryId?: number;
  tags?: string[];
}
