import type { TopicLevelsPage } from "@shared/types";
import type { TopicLevelRow } from "../queries/topic-notification-levels";

/** A page of watched and muted topics from `limit + 1` rows: the extra one says another page follows. */
export function presentTopicLevels(rows: TopicLevelRow[], limit: number): TopicLevelsPage {
  const shown = rows.slice(0, limit);
  return {
    topics: shown.map((row) => ({ topicId: row.topicId, title: row.title, level: row.level })),
    nextAfter: rows.length > limit ? shown[shown.length - 1]!.topicId : null,
  };
}
