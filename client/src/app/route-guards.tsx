import type { ReactNode } from "react";
import { Redirect } from "wouter";
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

/** Like SignedInOnly; a member who is not an admin is sent to the dashboard. */
export function AdminOnly({ user, children }: GuardProps) {
  if (!user) return <UnauthorizedScreen />;
  return user.isAdmin ? children : <Redirect to="/dashboard" replace />;
}

/** Like AdminOnly, for staff (moderators and admins): the review queue. */
export function StaffOnly({ user, children }: GuardProps) {
  if (!user) return <UnauthorizedScreen />;
  return user.canReview ? children : <Redirect to="/dashboard" replace />;
}

/** Only for banned users; anyone else, also once the ban has expired, is sent to the dashboard. */
export function BannedOnly({ user, children }: GuardProps) {
  return user && isBanned(user) ? children : <Redirect to="/dashboard" replace />;
}

/** Signed-in members are sent to the dashboard; visitors and banned users (to switch account) stay. */
export function MembersToDashboard({ user, children }: GuardProps) {
  return user && !isBanned(user) ? <Redirect to="/dashboard" replace /> : children;
}
