import { isNull } from "drizzle-orm";
import { users } from "../db/schema";

/**
 * A member the site still shows. A deleted member (users.deleted_at) is gone for everyone at once,
 * although their rows go in batches, the row itself last (docs/decisions/021-member-deletion-job.md).
 */
export const liveMember = isNull(users.deletedAt);
