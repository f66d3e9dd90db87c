import { previewSchema } from "@shared/schemas/preview";
import { previewAnswerSchema } from "@shared/schemas/answers/forum";
import type { RouteDoc } from "./route-doc";

/** server/routes/preview/ */
export const previewRoutes: RouteDoc[] = [
  {
    method: "post",
    path: "/api/preview",
    summary: "Render Markdown as yours",
    description: "Exactly as a post of yours would be stored. Limited like search.",
    access: "member",
    body: previewSchema,
    answers: { 200: { description: "The HTML.", schema: previewAnswerSchema } },
  },
];
