import { moderationLogQuerySchema } from "@shared/schemas/moderation";
import { moderationLogSchema } from "@shared/schemas/answers/moderation";
import type { RouteDoc } from "./route-doc";

/** server/routes/moderation-log/ */
export const moderationRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/moderation-log",
    summary: "The public moderation log",
    description: "Bans, unbans, silences, member deletions, review decisions, topic locks and deletions, role changes; newest first. `cursor` is the last entry's id of the page before.",
    access: "member",
    query: moderationLogQuerySchema,
    answers: { 200: { description: "A page of entries.", schema: moderationLogSchema } },
  },
];
