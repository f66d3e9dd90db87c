import type { BadgeType, NotificationType } from "@shared/constants";
import type { ReviewFlagReason } from "@shared/flags";
import type { Notification } from "@shared/types";
import { isoTime, isoTimeOrNull } from "./iso-time";

export interface NotificationRow {
  id: number;
  type: string;
  createdAt: Date;
  readAt: Date | null;
  actorId: number | null;
  actorUsername: string | null;
  actorAvatar: string | null;
  topicId: number | null;
  topicTitle: string | null;
  postId: number | null;
  count: number;
  badgeType: string | null;
  profileUsername: string | null;
  moderationAction: string | null;
  moderationReason: string | null;
  moderationNote: string | null;
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    createdAt: isoTime(row.createdAt),
    readAt: isoTimeOrNull(row.readAt),
    actor: row.actorId === null ? null : { id: row.actorId, username: row.actorUsername!, avatar: row.actorAvatar },
    topicId: row.topicId,
    topicTitle: row.topicTitle,
    postId: row.postId,
    // Only a reply stands for several posts and a reaction for several reactions; for the other kinds it
    // does not apply (null, like every such field).
    count: row.type === "reply" || row.type === "reaction" ? row.count : null,
    badgeType: row.badgeType as BadgeType | null,
    profileUsername: row.profileUsername,
    moderationAction: row.moderationAction,
    moderationReason: row.moderationReason as ReviewFlagReason | null,
    moderationNote: row.moderationNote,
  };
}
