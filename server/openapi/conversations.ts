import {
  addParticipantSchema,
  conversationReadSchema,
  conversationsQuerySchema,
  createConversationSchema,
  messageSchema,
  messagesQuerySchema,
} from "@shared/schemas/conversations";
import { idParamSchema } from "@shared/schemas/fields";
import {
  conversationReadPositionSchema,
  conversationSchema,
  conversationsPageSchema,
  messagesPageSchema,
  privateMessageSchema,
} from "@shared/schemas/answers/messages";
import { z } from "zod";
import { idParams, type RouteDoc } from "./route-doc";

const notFound = "No such conversation of yours (to everyone else, administrators too, it does not exist).";

/** server/routes/conversations/ */
export const conversationsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/conversations",
    summary: "Your conversations",
    description: "Latest activity first; `cursor` is the previous page's `nextCursor`.",
    access: "member",
    query: conversationsQuerySchema,
    answers: { 200: { description: "A page of them.", schema: conversationsPageSchema } },
  },
  {
    method: "post",
    path: "/api/conversations",
    summary: "Start a conversation",
    description: "With its first message. Limited per member.",
    access: "writer",
    body: createConversationSchema,
    answers: { 201: { description: "The new conversation.", schema: conversationSchema } },
    errors: { 400: "Nobody but yourself is named.", 403: "A member named blocked you, or you them.", 404: "A member named does not exist." },
  },
  {
    method: "get",
    path: "/api/conversations/:id",
    summary: "A conversation",
    access: "member",
    params: idParams,
    answers: { 200: { description: "The conversation.", schema: conversationSchema } },
    errors: { 404: notFound },
  },
  {
    method: "get",
    path: "/api/conversations/:id/messages",
    summary: "A conversation's messages",
    description: "The newest page, or the one `before` a message.",
    access: "member",
    params: idParams,
    query: messagesQuerySchema,
    answers: { 200: { description: "A page of messages, oldest first.", schema: messagesPageSchema } },
    errors: { 404: notFound },
  },
  {
    method: "post",
    path: "/api/conversations/:id/messages",
    summary: "Send a message",
    description: "Limited per member.",
    access: "writer",
    params: idParams,
    body: messageSchema,
    answers: { 201: { description: "The message.", schema: privateMessageSchema } },
    errors: { 403: "A blocking stands between you and the others.", 404: notFound },
  },
  {
    method: "delete",
    path: "/api/conversations/:id/messages/:messageId",
    summary: "Delete your message",
    description: "It keeps its place, with no text.",
    access: "member",
    params: z.object({ id: idParamSchema, messageId: idParamSchema }),
    answers: { 200: { description: "The message as it now is.", schema: privateMessageSchema } },
    errors: { 403: "Not yours.", 404: `${notFound} Or no such message in it.` },
  },
  {
    method: "put",
    path: "/api/conversations/:id/read",
    summary: "Mark a conversation read up to a message",
    description: "The position never moves back.",
    access: "member",
    params: idParams,
    body: conversationReadSchema,
    answers: { 200: { description: "The read position now.", schema: conversationReadPositionSchema } },
    errors: { 404: notFound },
  },
  {
    method: "post",
    path: "/api/conversations/:id/participants",
    summary: "Add a member to a conversation",
    access: "writer",
    params: idParams,
    body: addParticipantSchema,
    answers: { 201: { description: "The conversation with them.", schema: conversationSchema } },
    errors: { 403: "A blocking stands between them and a member.", 404: `${notFound} Or no such member.`, 409: "Already in it, or it is full." },
  },
  {
    method: "delete",
    path: "/api/conversations/:id/participants/me",
    summary: "Leave a conversation",
    access: "member",
    params: idParams,
    answers: { 204: { description: "Left." } },
    errors: { 404: notFound },
  },
];
