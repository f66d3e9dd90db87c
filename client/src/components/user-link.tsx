import { Link } from "wouter";
import { cn } from "@/lib/cn";
import { DELETED_MEMBER_NAME } from "@shared/member-deletion";
import type { Role } from "@shared/roles";
import { RoleBadge } from "./role-badge";
import { UserAvatar } from "./user-avatar";

interface UserLinkProps {
  /** Null for content whose author was deleted: "Deleted member", no link, no avatar. */
  username: string | null;
  avatar: string | null | undefined;
  /** The avatar's size; the name's text follows the surrounding text. */
  size?: "xs" | "sm" | "md";
  /** Staff get their role's chip after the name (an author's `authorRole`). */
  role?: Role;
  className?: string;
}

/** Avatar and name, linking to the member's profile (/user/{username}); staff marked after it. */
export function UserLink({ username, avatar, size = "xs", role, className }: UserLinkProps) {
  if (username === null) {
    return (
      <span className={cn("inline-flex min-w-0 items-center gap-2 font-medium italic text-muted", className)}>
        <UserAvatar username={null} src={null} size={size} />
        <span className="truncate">{DELETED_MEMBER_NAME}</span>
      </span>
    );
  }
  const link = (
    <Link
      href={`/user/${encodeURIComponent(username)}`}
      className={cn(
        "inline-flex min-w-0 items-center gap-2 rounded-control font-medium text-foreground transition-colors hover:text-primary-hover",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        className,
      )}
    >
      <UserAvatar username={username} src={avatar} size={size} />
      <span className="truncate">{username}</span>
    </Link>
  );
  if (!role || role === "member") return link;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      {link}
      <RoleBadge role={role} compact />
    </span>
  );
}
