import type { z } from "zod";
import type { userBadgeSchema } from "../schemas/answers/users";

/** GET /api/users/{id}/badges. Automatic badges are derived, so they have no granter. */
export type UserBadge = z.output<typeof userBadgeSchema>;
