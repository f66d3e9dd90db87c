import { getTableColumns, type InferSelectModel } from "drizzle-orm";
import { users } from "../db/schema";
import { identityColumns } from "../identity/member";

/** Columns only sign-in reads: the password hash, the lockout counters and the two-factor secret. */
type SignInOnly = "password" | "failedLoginAttempts" | "lockedUntil" | "twoFactorSecret" | "twoFactorLastStep";

const {
  password: _password,
  failedLoginAttempts: _failed,
  lockedUntil: _locked,
  twoFactorSecret: _secret,
  twoFactorLastStep: _lastStep,
  ...columns
} = getTableColumns(users);

/** Every column of a member but the sign-in ones, and the groups they are in (as their identity holds them). */
export const sessionUserColumns = { ...columns, groupIds: identityColumns.groupIds };

/**
 * A member's whole row but the password hash and lockout counters: what sign-in answers and what
 * the member's own account view presents. The member a request is signed in as (`req.user`) is
 * narrower: server/identity/member.ts.
 */
export type SessionUser = Omit<InferSelectModel<typeof users>, SignInOnly> & { groupIds: number[] | null };
