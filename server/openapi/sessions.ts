import { memberSessionsSchema } from "@shared/schemas/answers/account";
import { z } from "zod";
import type { RouteDoc } from "./route-doc";

/** server/routes/sessions/ */
export const sessionsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/auth/sessions",
    summary: "Your signed-in sessions",
    description: "This one first, then by when they were last seen.",
    access: "member",
    answers: { 200: { description: "The sessions.", schema: memberSessionsSchema } },
  },
  {
    method: "delete",
    path: "/api/auth/sessions",
    summary: "End every other session",
    description: "Their sockets close at once.",
    access: "member",
    confirmation: true,
    answers: { 204: { description: "Ended." } },
  },
  {
    method: "delete",
    path: "/api/auth/sessions/:id",
    summary: "End one session",
    description: "Ending this one signs this browser out, as logout does.",
    access: "member",
    confirmation: "when it is another session than this one",
    params: z.object({ id: z.string().meta({ description: "The session's id as the list gives it" }) }),
    answers: { 204: { description: "Ended." } },
    errors: { 404: "No such session of yours." },
  },
];
