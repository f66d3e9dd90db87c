import { createGroupSchema, updateGroupSchema } from "@shared/schemas/groups";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { groupSchema, groupsSchema } from "@shared/schemas/answers/admin";
import { z } from "zod";
import { idParams, type RouteDoc } from "./route-doc";

const memberParams = idParams.extend({ username: z.string().meta({ description: "A member's username" }) });
const builtIn = "The built-in `staff` group: its members are the moderators and administrators, from their role.";

/** server/routes/groups/ */
export const groupsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/groups",
    summary: "Groups",
    description: "Every group with its members, `staff` first. Categories open to groups (`readGroups`, `writeGroups`).",
    access: "admin",
    answers: { 200: { description: "The groups.", schema: groupsSchema } },
  },
  {
    method: "post",
    path: "/api/admin/groups",
    summary: "Create a group",
    access: "admin",
    body: createGroupSchema,
    answers: { 201: { description: "The new group, without members.", schema: groupSchema } },
    errors: { 409: "The name is taken (in any case)." },
  },
  {
    method: "patch",
    path: "/api/admin/groups/:id",
    summary: "Rename a group",
    access: "admin",
    params: idParams,
    body: updateGroupSchema,
    answers: { 200: { description: "The group as it now is.", schema: groupSchema } },
    errors: { 404: "No such group.", 409: `The name is taken, or ${builtIn}` },
  },
  {
    method: "delete",
    path: "/api/admin/groups/:id",
    summary: "Delete a group",
    description: "Its members leave it; categories that named it no longer do (one it alone opened becomes staff-only, never open to every member).",
    access: "admin",
    params: idParams,
    answers: { 200: { description: "Deleted.", schema: messageAnswerSchema } },
    errors: { 404: "No such group.", 409: builtIn },
  },
  {
    method: "put",
    path: "/api/admin/groups/:id/members/:username",
    summary: "Put a member in a group",
    description: "Already in it: nothing changes. They read and write what the group opens from their next request.",
    access: "admin",
    params: memberParams,
    answers: { 200: { description: "The group with its members.", schema: groupSchema } },
    errors: { 404: "No such group or member.", 409: builtIn },
  },
  {
    method: "delete",
    path: "/api/admin/groups/:id/members/:username",
    summary: "Take a member out of a group",
    description: "What the group opened to them is closed at once, on every process.",
    access: "admin",
    params: memberParams,
    answers: { 200: { description: "The group with its members.", schema: groupSchema } },
    errors: { 404: "No such group or member, or the member is not in it.", 409: builtIn },
  },
];
