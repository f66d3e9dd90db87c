import { markNotificationsReadSchema, notificationsQuerySchema } from "@shared/schemas/notifications";
import { notificationsPageSchema, unreadNotificationsSchema } from "@shared/schemas/answers/messages";
import type { RouteDoc } from "./route-doc";

/** server/routes/notifications/ */
export const notificationsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/notifications",
    summary: "Your notifications",
    description: "Newest first; `cursor` is the previous page's `nextCursor`.",
    access: "member",
    query: notificationsQuerySchema,
    answers: { 200: { description: "A page of them, and how many are unread.", schema: notificationsPageSchema } },
  },
  {
    method: "post",
    path: "/api/notifications/read",
    summary: "Mark notifications read",
    description: "Those listed, or all without `ids`.",
    access: "member",
    body: markNotificationsReadSchema,
    answers: { 200: { description: "How many are left unread.", schema: unreadNotificationsSchema } },
  },
];
