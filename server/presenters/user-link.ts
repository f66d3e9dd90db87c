import type { UserLink } from "@shared/types";
import type { userLinks } from "../db/schema";
import { isoTime } from "./iso-time";

export function presentUserLink(link: typeof userLinks.$inferSelect): UserLink {
  return {
    id: link.id,
    userId: link.userId,
    title: link.title,
    url: link.url,
    iconType: link.iconType,
    iconName: link.iconName,
    iconUrl: link.iconUrl,
    displayOrder: link.displayOrder,
    isVisible: link.isVisible,
    visibleFrom: link.visibleFrom && isoTime(link.visibleFrom),
    visibleUntil: link.visibleUntil && isoTime(link.visibleUntil),
    createdAt: isoTime(link.createdAt),
  };
}
