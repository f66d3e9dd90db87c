import { and, eq } from "drizzle-orm";
import type { Request } from "express";
import { Passport } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { liveMember } from "../queries/live-member";
import { createCredentialChecker } from "./credentials";
import { identityColumns } from "../identity/member";
import { takeSessionMember } from "./session-store";

/**
 * A Passport instance of the app's own (not the global singleton, so several apps can live in one
 * test process). The session stores only the user id; the member's identity (server/identity/member.ts)
 * comes with the session (its own query, or the session cache that drops it on every identity
 * change: server/auth/session-store.ts), so a ban, an unban or a deletion takes effect on the next request.
 */
export function createPassport(db: Db, bcryptCost: number) {
  const passport = new Passport();
  const checkCredentials = createCredentialChecker(db, bcryptCost);

  passport.use(
    new LocalStrategy((username, password, done) => {
      checkCredentials(username, password).then((user) => done(null, user), done);
    }),
  );
  passport.serializeUser<number>((user, done) => done(null, user.id));
  passport.deserializeUser<number, Request>((req, id, done) => {
    // Usually read together with the session (one query); a deleted member's session is simply signed out.
    const member = takeSessionMember(req, id);
    if (member !== undefined) return done(null, member ?? false);
    db.select(identityColumns)
      .from(users)
      .where(and(eq(users.id, id), liveMember))
      .then(([user]) => done(null, user ?? false), done);
  });
  return passport;
}
