import { postContentSchema, topicPostsQuerySchema } from "@shared/schemas/posts";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { postReactionsSchema, postReactorsSchema, postRevisionsSchema, postSchema } from "@shared/schemas/answers/forum";
import { reactionSchema } from "@shared/schemas/reactions";
import { z } from "zod";
import { idParamSchema } from "@shared/schemas/fields";
import { idParams, type RouteDoc } from "./route-doc";

const reactionParams = z.object({ id: idParamSchema, reaction: reactionSchema });

/** server/routes/posts/ (posts and their reactions) */
export const postsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/topics/:id/posts",
    summary: "A topic's posts",
    description: "Oldest first: `after` the last post loaded, `before` the first, or `around` a post (50 before it, it, 49 after; numbered). Sent with an ETag.",
    access: "member",
    params: idParams,
    query: topicPostsQuerySchema,
    answers: {
      200: { description: "The posts.", schema: z.array(postSchema) },
      304: { description: "Not modified since the ETag in If-None-Match." },
    },
    errors: { 404: "No such topic (or the `around` post is not in it)." },
  },
  {
    method: "post",
    path: "/api/topics/:id/posts",
    summary: "Reply to a topic",
    access: "writer",
    params: idParams,
    body: postContentSchema,
    answers: { 201: { description: "The new post.", schema: postSchema } },
    errors: { 403: "The topic is locked.", 404: "No such topic." },
  },
  {
    method: "patch",
    path: "/api/posts/:id",
    summary: "Edit your post",
    access: "writer",
    params: idParams,
    body: postContentSchema,
    answers: { 200: { description: "The post as it now is.", schema: postSchema } },
    errors: { 403: "Not yours, or its topic is locked.", 404: "No such post." },
  },
  {
    method: "get",
    path: "/api/posts/:id/revisions",
    summary: "A post's texts",
    description: "Newest first, the current text first.",
    access: "member",
    params: idParams,
    answers: { 200: { description: "The revisions.", schema: postRevisionsSchema } },
    errors: { 404: "No such post." },
  },
  {
    method: "delete",
    path: "/api/posts/:id",
    summary: "Delete a post",
    description: "Its author or an administrator.",
    access: "member",
    params: idParams,
    answers: { 200: { description: "Deleted.", schema: messageAnswerSchema } },
    errors: { 403: "Not yours to delete.", 404: "No such post." },
  },
  {
    method: "put",
    path: "/api/posts/:id/reactions/:reaction",
    summary: "React to a post",
    description: "Giving one you gave already changes nothing. Limited per member.",
    access: "writer",
    params: reactionParams,
    answers: { 200: { description: "The post's reactions now.", schema: postReactionsSchema } },
    errors: { 400: "No such reaction.", 403: "Your own post, or its author blocked you.", 404: "No such post." },
  },
  {
    method: "delete",
    path: "/api/posts/:id/reactions/:reaction",
    summary: "Take back a reaction",
    access: "writer",
    params: reactionParams,
    answers: { 200: { description: "The post's reactions now.", schema: postReactionsSchema } },
    errors: { 400: "No such reaction.", 403: "Your own post.", 404: "No such post." },
  },
  {
    method: "get",
    path: "/api/posts/:id/reactions",
    summary: "Who reacted to a post",
    access: "member",
    params: idParams,
    answers: { 200: { description: "Each reaction given, with its members.", schema: postReactorsSchema } },
    errors: { 404: "No such post." },
  },
  // A topic's opener takes reactions and keeps revisions as a post does (docs/product.md "The opener is a post").
  {
    method: "put",
    path: "/api/topics/:id/reactions/:reaction",
    summary: "React to a topic's opener",
    description: "As to a post. Giving one you gave already changes nothing. Limited per member.",
    access: "writer",
    params: reactionParams,
    answers: { 200: { description: "The opener's reactions now.", schema: postReactionsSchema } },
    errors: { 400: "No such reaction.", 403: "Your own topic.", 404: "No such topic." },
  },
  {
    method: "delete",
    path: "/api/topics/:id/reactions/:reaction",
    summary: "Take back a reaction to a topic's opener",
    access: "writer",
    params: reactionParams,
    answers: { 200: { description: "The opener's reactions now.", schema: postReactionsSchema } },
    errors: { 400: "No such reaction.", 403: "Your own topic.", 404: "No such topic." },
  },
  {
    method: "get",
    path: "/api/topics/:id/reactions",
    summary: "Who reacted to a topic's opener",
    access: "member",
    params: idParams,
    answers: { 200: { description: "Each reaction given, with its members.", schema: postReactorsSchema } },
    errors: { 404: "No such topic." },
  },
  {
    method: "get",
    path: "/api/topics/:id/revisions",
    summary: "A topic opener's texts",
    description: "Newest first, the current text first; \"\" stands for no description.",
    access: "member",
    params: idParams,
    answers: { 200: { description: "The revisions.", schema: postRevisionsSchema } },
    errors: { 404: "No such topic." },
  },
];
