import type { z } from "zod";
import type { activityItemSchema } from "../schemas/answers/users";
export type ActivityType = "post" | "topic" | "profile_comment";

/** GET /api/users/{id}/activity: last 7 days, newest first. Fields that do not apply to a type are null. */
export type ActivityItem = z.output<typeof activityItemSchema>;
