import { Bell, BellOff, Eye, type LucideIcon } from "lucide-react";
import type { TopicNotificationLevel } from "@shared/constants";

/** How each notification level of a topic is named and explained (docs/product.md "Watching, push and install", watching). */
export const TOPIC_LEVEL_DISPLAY: Record<TopicNotificationLevel, { label: string; icon: LucideIcon; hint: string }> = {
  watching: { label: "Watching", icon: Eye, hint: "You are told of every new post." },
  tracking: { label: "Tracking", icon: Bell, hint: "You are told of replies once you have posted here, and of mentions." },
  muted: { label: "Muted", icon: BellOff, hint: "You are told only when someone mentions you." },
};
