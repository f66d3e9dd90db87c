import { Router } from "express";
import { NOTIFICATIONS_PAGE_SIZE } from "@shared/constants";
import { markNotificationsReadSchema, notificationsQuerySchema } from "@shared/schemas/notifications";
import type { NotificationsPage, UnreadNotifications } from "@shared/types";
import { markNotificationsRead } from "../../commands/mark-notifications-read";
import type { Db } from "../../db/client";
import { member, memberHandler } from "../../middlewares/guards";
import { presentNotification } from "../../presenters/notification";
import { countUnreadNotifications, listNotifications } from "../../queries/notifications";

/** /api/notifications: the signed-in member's own notifications only (docs/notifications.md). */
export function notificationsRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.get("/", member, memberHandler(async (req, res) => {
    const { cursor } = notificationsQuerySchema.parse(req.query);
    const [rows, unreadCount] = await Promise.all([listNotifications(db, req.user.id, cursor), countUnreadNotifications(db, req.user.id)]);
    const shown = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
    const page: NotificationsPage = {
      notifications: shown.map(presentNotification),
      unreadCount,
      nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? String(shown.at(-1)!.id) : null,
    };
    res.json(page);
  }));

  router.post("/read", member, memberHandler(markNotificationsReadSchema, async (req, res) => {
    await markNotificationsRead(db, req.user.id, req.body.ids);
    res.json({ unreadCount: await countUnreadNotifications(db, req.user.id) } satisfies UnreadNotifications);
  }));

  return router;
}
