import type { ActivityItem } from "@shared/types";
import type { ActivityRow } from "../queries/activity";
import { isoTime } from "./iso-time";

export function presentActivityItem(row: ActivityRow): ActivityItem {
  return {
    type: row.type,
    id: row.id,
    createdAt: isoTime(new Date(row.created_at)),
    content: row.content,
    title: row.title,
    topicTitle: row.topic_title,
    targetUser: row.target_user,
  };
}
