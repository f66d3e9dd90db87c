import { adminActionsQuerySchema, adminUsersQuerySchema, badgeParamsSchema, banUserSchema, grantBadgeSchema } from "@shared/schemas/admin";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { adminActionSchema, inviteSchema, inviteWaveSchema, memberDeletionSchema, purgeSchema } from "@shared/schemas/answers/admin";
import { adminUserChangeSchema, adminUsersSchema, deletedMemberSchema, userBadgeSchema } from "@shared/schemas/answers/users";
import { z } from "zod";
import { idParams, type RouteDoc } from "./route-doc";

const noMember = "No such member.";

/** server/routes/admin/ */
export const adminRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/users",
    summary: "Members, for administrators",
    description: "`search` matches a username or a UID.",
    access: "admin",
    query: adminUsersQuerySchema,
    answers: { 200: { description: "A page of members.", schema: adminUsersSchema } },
  },
  {
    method: "post",
    path: "/api/admin/users/:id/ban",
    summary: "Ban a member",
    description: "Without `expiresAt`, for good.",
    access: "admin",
    params: idParams,
    body: banUserSchema,
    answers: { 200: { description: "Banned.", schema: adminUserChangeSchema } },
    errors: { 403: "Administrators cannot be banned.", 404: noMember },
  },
  {
    method: "post",
    path: "/api/admin/users/:id/unban",
    summary: "Lift a ban",
    access: "admin",
    params: idParams,
    answers: { 200: { description: "Unbanned.", schema: adminUserChangeSchema } },
    errors: { 404: noMember },
  },
  {
    method: "delete",
    path: "/api/admin/users/:id",
    summary: "Delete a member",
    description: "Gone for everyone at once; their rows follow in batches (GET …/deletion).",
    access: "admin",
    params: idParams,
    answers: { 200: { description: "Deleted.", schema: deletedMemberSchema } },
    errors: { 403: "Administrators cannot be deleted.", 404: noMember },
  },
  {
    method: "get",
    path: "/api/admin/users/:id/deletion",
    summary: "A member's deletion",
    access: "admin",
    params: idParams,
    answers: { 200: { description: "How far it is.", schema: memberDeletionSchema } },
    errors: { 404: "No deletion of that member." },
  },
  {
    method: "post",
    path: "/api/admin/users/:id/invite",
    summary: "Give a member an invite",
    access: "admin",
    params: idParams,
    answers: { 201: { description: "The invite.", schema: inviteSchema } },
    errors: { 404: noMember },
  },
  {
    method: "post",
    path: "/api/admin/users/:id/badges",
    summary: "Grant a badge",
    access: "admin",
    params: idParams,
    body: grantBadgeSchema,
    answers: { 201: { description: "The badge.", schema: userBadgeSchema } },
    errors: { 404: noMember, 409: "Granted already." },
  },
  {
    method: "delete",
    path: "/api/admin/users/:id/badges/:badgeType",
    summary: "Take a badge back",
    access: "admin",
    params: badgeParamsSchema,
    answers: { 200: { description: "Removed.", schema: messageAnswerSchema } },
    errors: { 400: "Not a badge administrators grant.", 404: `${noMember} Or the badge is not granted.` },
  },
  {
    method: "post",
    path: "/api/admin/invite-wave",
    summary: "Give every member an invite",
    access: "admin",
    answers: { 200: { description: "How many got one.", schema: inviteWaveSchema } },
  },
  {
    method: "post",
    path: "/api/admin/purge-invites",
    summary: "Delete expired unused invites",
    access: "admin",
    answers: { 200: { description: "How many went.", schema: purgeSchema } },
  },
  {
    method: "post",
    path: "/api/admin/purge-active-invites",
    summary: "Delete every unused invite",
    access: "admin",
    answers: { 200: { description: "How many went.", schema: purgeSchema } },
  },
  {
    method: "get",
    path: "/api/admin/actions",
    summary: "The administrators' audit trail",
    description: "Newest first.",
    access: "admin",
    query: adminActionsQuerySchema,
    answers: { 200: { description: "The actions.", schema: z.array(adminActionSchema) } },
  },
];
