import { healthSchema } from "@shared/schemas/answers/misc";
import type { RouteDoc } from "./route-doc";

/** server/routes/health/ */
export const healthRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Health",
    description: "For load balancers and uptime checks: answers 503 (with its own body) when the database does not answer.",
    access: "public",
    standalone: true,
    answers: { 200: { description: "The database answers.", schema: healthSchema } },
  },
];
