import { TextLink } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";

/** 'Invited by <inviter>' linking to the inviter's profile, or 'Invited by System' when nobody invited them. */
export function InvitedBy({ username, className }: { username: string | null; className?: string }) {
  return (
    <span className={cn("min-w-0 truncate", className)}>
      Invited by{" "}
      {username ? (
        <TextLink href={`/user/${encodeURIComponent(username)}`} className="relative z-10">
          {username}
        </TextLink>
      ) : (
        <span className="text-foreground">System</span>
      )}
    </span>
  );
}
