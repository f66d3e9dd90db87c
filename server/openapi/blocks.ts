import { blocksListSchema } from "@shared/schemas/answers/messages";
import { usernameParams, type RouteDoc } from "./route-doc";

/** server/routes/blocks/ */
export const blocksRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/blocks",
    summary: "Members you blocked",
    access: "member",
    answers: { 200: { description: "The members.", schema: blocksListSchema } },
  },
  {
    method: "put",
    path: "/api/blocks/:username",
    summary: "Block a member",
    access: "member",
    params: usernameParams,
    answers: { 204: { description: "Blocked." } },
    errors: { 400: "Yourself.", 404: "No such member." },
  },
  {
    method: "delete",
    path: "/api/blocks/:username",
    summary: "Unblock a member",
    access: "member",
    params: usernameParams,
    answers: { 204: { description: "Unblocked (or was not blocked)." } },
    errors: { 404: "No such member." },
  },
];
