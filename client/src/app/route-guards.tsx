import type { ReactNode } from "react";
import { Redirect, useSearch } from "wouter";
import { afterSignIn } from "@shared/site-path";
import type { CurrentUser } from "@shared/types";
import { isBanned } from "@/lib/is-banned";
import { UnauthorizedScreen } from "./routes/errors/unauthorized";

interface GuardProps {
  user: CurrentUser | null;
  children: ReactNode;
}

/** Signed-out visitors get the Access Denied screen in place of the page. */
export function SignedInOnly({ user, children }: GuardProps) {
  return user ? children : <UnauthorizedScreen />;
}

/** Like SignedInOnly; a member who is not staff (the server's `canModerate`) is sent to the dashboard. */
export function StaffOnly({ user, children }: GuardProps) {
  if (!user) return <UnauthorizedScreen />;
  return user.canModerate ? children : <Redirect to="/dashboard" replace />;
}

/** Like SignedInOnly; a member who is not an administrator is sent to the dashboard. */
export function AdminOnly({ user, children }: GuardProps) {
  if (!user) return <UnauthorizedScreen />;
  return user.isAdmin ? children : <Redirect to="/dashboard" replace />;
}

/** Only for banned users; anyone else, also once the ban has expired, is sent to the dashboard. */
export function BannedOnly({ user, children }: GuardProps) {
  return user && isBanned(user) ? children : <Redirect to="/dashboard" replace />;
}

/**
 * Signed-in members are sent on: to the screen `?next=` names (a sign-in that just completed goes
 * there too), else the dashboard; visitors and banned users (to switch account) stay.
 */
export function MembersToDashboard({ user, children }: GuardProps) {
  const next = new URLSearchParams(useSearch()).get("next");
  return user && !isBanned(user) ? <Redirect to={afterSignIn(next)} replace /> : children;
}
