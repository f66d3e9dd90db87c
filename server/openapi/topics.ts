import { createTopicSchema, readPositionSchema, topicListQuerySchema, updateTopicSchema } from "@shared/schemas/topics";
import { deletedTopicSchema, readPositionAnswerSchema, topicDetailSchema, topicListItemSchema, topicSchema } from "@shared/schemas/answers/forum";
import { z } from "zod";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/topics/ */
export const topicsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/topics",
    summary: "List topics",
    description: "In the filter's order, `after` the last one shown. Sent with an ETag.",
    access: "member",
    query: topicListQuerySchema,
    answers: {
      200: { description: "The topics, with the reader's unread state.", schema: z.array(topicListItemSchema) },
      304: { description: "Not modified since the ETag in If-None-Match." },
    },
  },
  {
    method: "post",
    path: "/api/topics",
    summary: "Start a topic",
    access: "writer",
    body: createTopicSchema,
    answers: { 201: { description: "The new topic.", schema: topicSchema } },
    errors: { 400: "The category does not exist." },
  },
  {
    method: "get",
    path: "/api/topics/:id",
    summary: "A topic",
    access: "member",
    params: idParams,
    answers: { 200: { description: "The topic and how far the reader has read it.", schema: topicDetailSchema } },
    errors: { 404: "No such topic." },
  },
  {
    method: "put",
    path: "/api/topics/:id/read",
    summary: "Mark a topic read up to a post",
    description: "The position never moves back.",
    access: "member",
    params: idParams,
    body: readPositionSchema,
    answers: { 200: { description: "The read position now.", schema: readPositionAnswerSchema } },
    errors: { 404: "No such topic, or no such post in it." },
  },
  {
    method: "patch",
    path: "/api/topics/:id",
    summary: "Change a topic",
    description: "Title, description, category and tags (its author while unlocked, or staff); pinned and locked (staff).",
    access: "writer",
    params: idParams,
    body: updateTopicSchema,
    answers: { 200: { description: "The topic as it now is.", schema: topicSchema } },
    errors: { 400: "The category does not exist.", 403: "Not yours to change, or locked.", 404: "No such topic." },
  },
  {
    method: "delete",
    path: "/api/topics/:id",
    summary: "Delete a topic",
    description: "With its posts.",
    access: "staff",
    params: idParams,
    answers: { 200: { description: "Deleted.", schema: deletedTopicSchema } },
    errors: { 404: "No such topic." },
  },
];
