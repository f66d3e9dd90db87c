import type { z } from "zod";
import type { activityItemSchema, activityPageSchema } from "../schemas/answers/users";
export type ActivityType = "post" | "topic" | "profile_comment";

/** One item of a member's activity. Fields that do not apply to a type are null. */
export type ActivityItem = z.output<typeof activityItemSchema>;
/** GET /api/users/{username}/activity: 20 items of all time, newest first, and where the next page starts. */
export type ActivityPage = z.output<typeof activityPageSchema>;
