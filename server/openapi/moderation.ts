import { moderationLogQuerySchema } from "@shared/schemas/moderation";
import { flagSchema, reviewDecisionSchema, reviewQuerySchema } from "@shared/schemas/flags";
import { flagRaisedSchema, moderationLogSchema, reviewCountSchema, reviewPageSchema } from "@shared/schemas/answers/moderation";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/flags/ and server/routes/moderation-log/ */
export const moderationRoutes: RouteDoc[] = [
  {
    method: "post",
    path: "/api/flags",
    summary: "Flag a post, comment, message or card",
    description:
      "`targetId` is the username for a card; `note` is required for `other` (at most 500). 3 distinct members' flags (FLAGS_TO_HIDE), or one staff member's, hide a post, comment or card until reviewed. 20 flags a day per member.",
    access: "writer",
    body: flagSchema,
    answers: { 201: { description: "Flagged.", schema: flagRaisedSchema } },
    errors: { 403: "One's own content.", 404: "No such target, or one the caller cannot see.", 409: "The caller's flag on it is still open." },
  },
  {
    method: "get",
    path: "/api/review",
    summary: "The review queue",
    description: "One item per flagged target with all its flags; pending: oldest first; resolved: most recently resolved first.",
    access: "staff",
    query: reviewQuerySchema,
    answers: { 200: { description: "A page of items and the pending count.", schema: reviewPageSchema } },
  },
  {
    method: "get",
    path: "/api/review/count",
    summary: "How many review items are pending",
    access: "staff",
    answers: { 200: { description: "The pending count.", schema: reviewCountSchema } },
  },
  {
    method: "post",
    path: "/api/review/:id",
    summary: "Decide a review item",
    description: "`hide` and `delete` confirm the flags (the author gets a `moderation` notification); `keep` un-hides the target and closes them.",
    access: "staff",
    params: idParams,
    body: reviewDecisionSchema,
    answers: { 200: { description: "Decided; the pending count now.", schema: reviewCountSchema } },
    errors: { 404: "No such review item.", 409: "The item is already resolved." },
  },
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
