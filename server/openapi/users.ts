import { paginationQuerySchema } from "@shared/schemas/fields";
import { activityQuerySchema } from "@shared/schemas/activity";
import { activityPageSchema, bioStatusSchema, userBadgeSchema, userProfileSchema, usersListSchema } from "@shared/schemas/answers/users";
import { z } from "zod";
import { idParams, usernameParams, type RouteDoc } from "./route-doc";

/** server/routes/users/ */
export const usersRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/users",
    summary: "The members",
    access: "member",
    query: paginationQuerySchema,
    answers: { 200: { description: "A page of members, and totals.", schema: usersListSchema } },
  },
  {
    method: "get",
    path: "/api/users/:username",
    summary: "A member's profile",
    access: "member",
    params: usernameParams,
    answers: { 200: { description: "The profile.", schema: userProfileSchema } },
    errors: { 404: "No such member." },
  },
  {
    method: "get",
    path: "/api/users/:username/bio-status",
    summary: "Whether a member has a bio card",
    access: "member",
    params: usernameParams,
    answers: { 200: { description: "Whether they have one.", schema: bioStatusSchema } },
    errors: { 404: "No such member." },
  },
  {
    method: "get",
    path: "/api/users/:username/activity",
    summary: "A member's activity",
    description: "Their topics, posts and profile comments of all time (or one kind: `type`), newest first, 20 a page; `cursor` is the previous page's `nextCursor`.",
    access: "member",
    params: usernameParams,
    query: activityQuerySchema,
    answers: { 200: { description: "What they wrote.", schema: activityPageSchema } },
    errors: { 404: "No such member." },
  },
  {
    method: "get",
    path: "/api/users/:id/badges",
    summary: "A member's badges",
    access: "member",
    params: idParams,
    answers: { 200: { description: "Granted and automatic badges.", schema: z.array(userBadgeSchema) } },
    errors: { 404: "No such member." },
  },
];
