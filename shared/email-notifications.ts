import { z } from "zod";

/**
 * What mail a member gets about unread notifications and messages (docs/product.md "Email"):
 * `away` a summary once something stays unread while they are away, `daily` one digest a day.
 * Written once here for the server, the client and the database's check constraint.
 */
export const EMAIL_NOTIFICATIONS = ["never", "away", "daily"] as const;
export type EmailNotifications = (typeof EMAIL_NOTIFICATIONS)[number];
export const DEFAULT_EMAIL_NOTIFICATIONS: EmailNotifications = "away";

export const emailNotificationsSchema = z.enum(EMAIL_NOTIFICATIONS, { message: `Email notifications must be one of ${EMAIL_NOTIFICATIONS.join(", ")}` });
