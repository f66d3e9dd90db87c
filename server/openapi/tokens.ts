import { accessTokensResponseSchema, createAccessTokenSchema, createdAccessTokenSchema } from "@shared/schemas/access-tokens";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/tokens/ */
export const tokensRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/tokens",
    summary: "Your personal access tokens",
    description: "Never their secrets.",
    access: "member",
    answers: { 200: { description: "The tokens.", schema: accessTokensResponseSchema } },
  },
  {
    method: "post",
    path: "/api/tokens",
    summary: "Create a personal access token",
    description: "The secret is in this answer only; it is stored as a hash.",
    access: "member",
    confirmation: true,
    body: createAccessTokenSchema,
    answers: { 201: { description: "Created, with its secret.", schema: createdAccessTokenSchema } },
    errors: { 409: "You hold the most tokens a member may: revoke one first." },
  },
  {
    method: "delete",
    path: "/api/tokens/:id",
    summary: "Revoke a personal access token",
    access: "member",
    params: idParams,
    answers: { 204: { description: "Revoked." } },
    errors: { 404: "No such token of yours." },
  },
];
