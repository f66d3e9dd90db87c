import { getTableColumns, type InferSelectModel } from "drizzle-orm";
import { users } from "../db/schema";

/** Columns only sign-in reads: the password hash and the lockout counters. */
type SignInOnly = "password" | "failedLoginAttempts" | "lockedUntil";

const { password: _password, failedLoginAttempts: _failed, lockedUntil: _locked, ...columns } = getTableColumns(users);

/** The columns of the member a request is signed in as: every column but the sign-in ones. */
export const sessionUserColumns = columns;

/** The member a request is signed in as, loaded fresh for every request; never the password hash. */
export type SessionUser = Omit<InferSelectModel<typeof users>, SignInOnly>;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Passport's req.user is this project's user row.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}
