import type { InferSelectModel } from "drizzle-orm";
import type { users } from "../db/schema";

/** The member a request is signed in as: the full row, loaded fresh for every request. */
export type SessionUser = InferSelectModel<typeof users>;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Passport's req.user is this project's user row.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}
