import { Calendar, MessageSquare } from "lucide-react";
import { countLabel } from "@/lib/count-label";
import { formatDate } from "@/lib/format-date";

/** "12 posts · Joined Mar 03, 2026", as lists of members show it. */
export function MemberFacts({ postsCount, createdAt }: { postsCount: number; createdAt: string }) {
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <MessageSquare className="size-3.5" aria-hidden />
        {countLabel(postsCount, "post")}
      </span>
      <span className="inline-flex items-center gap-1">
        <Calendar className="size-3.5" aria-hidden />
        Joined {formatDate(createdAt)}
      </span>
    </>
  );
}
