import { z } from "zod";
import { ACTIVITY_FILTERS } from "../constants";
import { MAX_DB_INTEGER, upToSource } from "./fields";

/**
 * Where a page of activity ends: `{microseconds since 1970}-{kind}-{id}` of its last item, the order
 * the items come in (newest first; among equal times topics, then comments, then posts; then by id).
 */
export const ACTIVITY_CURSOR_PATTERN = new RegExp(`^(?:0|[1-9]\\d{0,15})-[1-3]-${upToSource(MAX_DB_INTEGER)}$`);

/** GET /api/users/{username}/activity?type=&cursor= (docs/product.md "Profile (`/user/{username}`)"). */
export const activityQuerySchema = z.object({
  type: z.enum(ACTIVITY_FILTERS, { error: "Unknown activity type" }).default("all"),
  cursor: z.string().regex(ACTIVITY_CURSOR_PATTERN, "Unknown cursor").optional(),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;
