import type { ConversationMember } from "@shared/types";
import { UserAvatar } from "@/components/user-avatar";
import { cn } from "@/lib/cn";

/** One avatar for a two-member conversation, two overlapping ones for a group (decorative: the name says who). */
export function ParticipantAvatars({ members, className }: { members: ConversationMember[]; className?: string }) {
  const [first, second] = members;
  if (!first) return <span aria-hidden className={cn("size-11 shrink-0 rounded-full bg-surface-raised", className)} />;
  if (!second) return <UserAvatar username={first.username} src={first.avatar} size="md" className={cn("size-11", className)} />;
  return (
    <span aria-hidden className={cn("relative size-11 shrink-0", className)}>
      <UserAvatar username={first.username} src={first.avatar} size="sm" className="absolute left-0 top-0" />
      <UserAvatar username={second.username} src={second.avatar} size="sm" className="absolute bottom-0 right-0 ring-2 ring-surface" />
    </span>
  );
}
