import { DRAFT_KEY_PATTERN, draftKeys, draftSchema } from "@shared/schemas/drafts";
import { draftAnswerSchema } from "@shared/schemas/answers/forum";
import { z } from "zod";
import type { RouteDoc } from "./route-doc";

const draftParams = z.object({
  key: z.string().regex(DRAFT_KEY_PATTERN).meta({ description: "new-topic, topic-{id}, comment-{username} or conversation-{id}", examples: [draftKeys.newTopic()] }),
});
const unknownKey = "The key is not one of the four forms.";

/** server/routes/drafts/ */
export const draftsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/drafts/:key",
    summary: "Your unsent text for a composer",
    access: "member",
    params: draftParams,
    answers: { 200: { description: "The draft.", schema: draftAnswerSchema }, 204: { description: "No draft under this key (no body)." } },
    errors: { 400: unknownKey },
  },
  {
    method: "put",
    path: "/api/drafts/:key",
    summary: "Save a draft",
    description: "Limited per member. `topic` (the new topic's title, category and tags) only under `new-topic` (400 elsewhere).",
    access: "member",
    params: draftParams,
    body: draftSchema,
    answers: { 204: { description: "Saved." } },
    errors: { 400: `${unknownKey} Or \`topic\` under another key than new-topic.` },
  },
  {
    method: "delete",
    path: "/api/drafts/:key",
    summary: "Discard a draft",
    access: "member",
    params: draftParams,
    answers: { 204: { description: "Discarded (or there was none)." } },
    errors: { 400: unknownKey },
  },
];
