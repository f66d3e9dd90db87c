import { userLinkCreateSchema, userLinkOrderSchema, userLinkUpdateSchema } from "@shared/schemas/bio";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { userLinkSchema } from "@shared/schemas/answers/bio";
import { z } from "zod";
import { idParams, type RouteDoc } from "./route-doc";

const noLink = "No such link of yours.";

/** server/routes/links/ */
export const linksRoutes: RouteDoc[] = [
  {
    method: "post",
    path: "/api/user/links",
    summary: "Add a link to your bio card",
    access: "member",
    body: userLinkCreateSchema,
    answers: { 201: { description: "The link.", schema: userLinkSchema } },
    errors: { 400: "You have the most links a member may." },
  },
  {
    method: "patch",
    path: "/api/user/links/:id",
    summary: "Change a link",
    description: "Any subset; the icon and window rules are checked on the link as it would be after the change.",
    access: "member",
    params: idParams,
    body: userLinkUpdateSchema,
    answers: { 200: { description: "The link as it now is.", schema: userLinkSchema } },
    errors: { 404: noLink },
  },
  {
    method: "put",
    path: "/api/user/links/order",
    summary: "Order your links",
    access: "member",
    body: userLinkOrderSchema,
    answers: { 200: { description: "The links in their new order.", schema: z.array(userLinkSchema) } },
    errors: { 400: "The list is not each of your links exactly once." },
  },
  {
    method: "delete",
    path: "/api/user/links/:id",
    summary: "Delete a link",
    access: "member",
    params: idParams,
    answers: { 200: { description: "Deleted.", schema: messageAnswerSchema } },
    errors: { 404: noLink },
  },
];
