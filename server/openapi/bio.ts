import { bioAnalyticsQuerySchema, bioCardUpdateSchema } from "@shared/schemas/bio";
import { idParamSchema } from "@shared/schemas/fields";
import { bioAnalyticsSchema, bioCardSchema, bioSettingsAnswerSchema, publicBioCardSchema } from "@shared/schemas/answers/bio";
import { z } from "zod";
import { usernameParams, type RouteDoc } from "./route-doc";

const noCard = "You have no bio card yet.";

/** server/routes/bio/ */
export const bioRoutes: RouteDoc[] = [
  {
    method: "post",
    path: "/api/bio",
    summary: "Create your bio card",
    access: "member",
    answers: { 201: { description: "The card, with its defaults.", schema: bioCardSchema } },
    errors: { 409: "You have one already." },
  },
  {
    method: "get",
    path: "/api/bio/settings",
    summary: "Your bio card and links",
    access: "member",
    answers: { 200: { description: "The card (null before you create it) and your links.", schema: bioSettingsAnswerSchema } },
  },
  {
    method: "patch",
    path: "/api/bio",
    summary: "Change your bio card",
    description: "Any subset of its fields; a file field takes only your own uploads.",
    access: "member",
    body: bioCardUpdateSchema,
    answers: { 200: { description: "The card as it now is.", schema: bioCardSchema } },
    errors: { 400: "A file field names an upload that is not yours, or of another kind.", 404: noCard },
  },
  {
    method: "get",
    path: "/api/bio/analytics",
    summary: "Your bio card's views and clicks",
    description: "Per UTC day of the period, oldest first.",
    access: "member",
    query: bioAnalyticsQuerySchema,
    answers: { 200: { description: "Views, clicks, referrers and devices.", schema: bioAnalyticsSchema } },
    errors: { 404: noCard },
  },
  {
    method: "get",
    path: "/api/bio/:username",
    summary: "A public bio card",
    description: "Anyone, signed in or not. What the owner's switches hide is left out.",
    access: "public",
    params: usernameParams,
    answers: { 200: { description: "The card.", schema: publicBioCardSchema } },
    errors: { 404: "No public card by that name (or its owner is banned)." },
  },
  {
    method: "post",
    path: "/api/bio/:username/links/:id/click",
    summary: "Count a click on a public card's link",
    description: "The card's beacon: anyone, no body.",
    access: "public",
    params: z.object({ username: z.string(), id: idParamSchema }),
    answers: { 204: { description: "Counted (or not: the owner's own clicks are not)." } },
    errors: { 404: "No such public card, or the card does not show that link now." },
  },
];
