import { z } from "zod";
import { NOTIFICATIONS_PAGE_SIZE } from "../constants";
import { idParamSchema } from "./fields";

/** GET /api/notifications?cursor=: the cursor is the previous page's nextCursor (an id). */
export const notificationsQuerySchema = z.object({ cursor: idParamSchema.optional() });

/** POST /api/notifications/read: those ids, or every notification when none are given. */
export const markNotificationsReadSchema = z.strictObject({
  ids: z.array(idParamSchema).min(1).max(NOTIFICATIONS_PAGE_SIZE * 5).optional(),
});
export type MarkNotificationsReadData = z.output<typeof markNotificationsReadSchema>;
