import { Link } from "wouter";
import { cn } from "@/lib/cn";

/** '@username', linking to the member's own profile. */
export function UsernameLink({ username, className, onNavigate }: { username: string; className?: string; onNavigate?: () => void }) {
  return (
    <Link
      href={`/user/${encodeURIComponent(username)}`}
      onClick={onNavigate}
      className={cn("truncate text-sm font-medium text-foreground transition-colors hover:text-primary-hover", className)}
    >
      @{username}
    </Link>
  );
}
