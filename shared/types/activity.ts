export type ActivityType = "post" | "topic" | "profile_comment";

/** GET /api/users/{id}/activity: last 7 days, newest first. Fields that do not apply to a type are null. */
export interface ActivityItem {
  type: ActivityType;
  id: number;
  createdAt: string;
  content: string | null;
  /** Title of the topic created (type "topic"). */
  title: string | null;
  /** Topic replied to (type "post"). */
  topicTitle: string | null;
  /** Username of the profile commented on (type "profile_comment"). */
  targetUser: string | null;
}
