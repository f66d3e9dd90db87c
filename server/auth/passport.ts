import { eq } from "drizzle-orm";
import { Passport } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { createCredentialChecker } from "./credentials";
import { sessionUserColumns } from "./session-user";

/**
 * A Passport instance of the app's own (not the global singleton, so several apps can live in one
 * test process). The session stores only the user id; the row is read fresh on every request, so a
 * ban, an unban or a deletion takes effect at once.
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
  passport.deserializeUser<number>((id, done) => {
    db.select(sessionUserColumns)
      .from(users)
      .where(eq(users.id, id))
      // A deleted member's session is simply signed out.
      .then(([user]) => done(null, user ?? false), done);
  });
  return passport;
}
