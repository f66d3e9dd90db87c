import { profileCommentSchema, profileCommentsQuerySchema } from "@shared/schemas/comments";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { profileCommentAnswerSchema } from "@shared/schemas/answers/users";
import { z } from "zod";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/profile-comments/ */
export const profileCommentsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/users/:id/comments",
    summary: "Comments on a member's profile",
    description: "Newest first, `before` a comment's id.",
    access: "member",
    params: idParams,
    query: profileCommentsQuerySchema,
    answers: { 200: { description: "The comments.", schema: z.array(profileCommentAnswerSchema) } },
    errors: { 404: "No such member." },
  },
  {
    method: "post",
    path: "/api/users/:id/comments",
    summary: "Comment on a member's profile",
    access: "writer",
    params: idParams,
    body: profileCommentSchema,
    answers: { 201: { description: "The comment.", schema: profileCommentAnswerSchema } },
    errors: { 404: "No such member." },
  },
  {
    method: "delete",
    path: "/api/profile-comments/:id",
    summary: "Remove a profile comment",
    description: "Its author, the profile's owner, or an administrator.",
    access: "member",
    params: idParams,
    answers: { 200: { description: "Removed.", schema: messageAnswerSchema } },
    errors: { 403: "Not yours to remove.", 404: "No such comment." },
  },
];
