import { paginationQuerySchema } from "@shared/schemas/fields";
import { createInviteSchema } from "@shared/schemas/invites";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { assignedInviteSchema, inviteSchema, invitesSchema } from "@shared/schemas/answers/admin";
import { z } from "zod";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/invites/ */
export const invitesRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/invites/assigned",
    summary: "Invites given to you",
    access: "member",
    answers: { 200: { description: "Your invites, to hand out.", schema: z.array(assignedInviteSchema) } },
  },
  {
    method: "post",
    path: "/api/invites",
    summary: "Create an invite",
    description: "Without `expiresInDays` it never expires.",
    access: "admin",
    body: createInviteSchema,
    answers: { 201: { description: "The invite.", schema: inviteSchema } },
  },
  {
    method: "get",
    path: "/api/invites",
    summary: "Every invite",
    description: "Newest first.",
    access: "admin",
    query: paginationQuerySchema,
    answers: { 200: { description: "A page of invites.", schema: invitesSchema } },
  },
  {
    method: "delete",
    path: "/api/invites/:id",
    summary: "Delete an unused invite",
    access: "admin",
    params: idParams,
    answers: { 200: { description: "Deleted.", schema: messageAnswerSchema } },
    errors: { 404: "No such invite.", 409: "It was used." },
  },
];
