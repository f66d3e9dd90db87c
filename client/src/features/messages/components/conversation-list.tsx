import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Conversation } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Spinner } from "@/components/ui/spinner";
import { useLoadMoreOnScroll } from "@/hooks/use-load-more-on-scroll";
import { cn } from "@/lib/cn";
import { badgeCount, countLabel } from "@/lib/count-label";
import { useConversations } from "../api/conversations";
import { conversationName, otherParticipants } from "../utils/conversation-name";
import { shortTime } from "../utils/short-time";
import { ParticipantAvatars } from "./participant-avatars";

interface ConversationListProps {
  viewerId: number;
  /** The conversation open beside the list (marked). */
  activeId?: number;
  /** Shown in the empty state: the way to start one. */
  newMessage: ReactNode;
}

/** The member's conversations, most recent activity first, more loading as the list scrolls. */
export function ConversationList({ viewerId, activeId, newMessage }: ConversationListProps) {
  const conversations = useConversations();
  const loadMoreRef = useLoadMoreOnScroll(conversations);

  if (conversations.isPending) return <Spinner className="py-12" />;
  if (conversations.isError && !conversations.data) {
    return <ErrorState title="Failed to load messages" error={conversations.error} onRetry={() => void conversations.refetch()} retrying={conversations.isRefetching} />;
  }
  const items = conversations.data.pages.flatMap((page) => page.conversations);
  if (items.length === 0) {
    return <EmptyState icon={Inbox} title="No messages yet" description="Talk with one member or a small group, privately." action={newMessage} />;
  }
  return (
    <>
      <ul aria-label="Conversations" className="flex flex-col gap-0.5 p-2">
        {items.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} viewerId={viewerId} active={conversation.id === activeId} />
        ))}
      </ul>
      <div ref={loadMoreRef} aria-hidden className="h-px" />
      {conversations.isFetchingNextPage && <Spinner className="py-4" />}
      {conversations.isFetchNextPageError && (
        <ErrorState title="Failed to load more conversations" error={conversations.error} onRetry={() => void conversations.fetchNextPage()} className="py-6" />
      )}
    </>
  );
}

function ConversationRow({ conversation, viewerId, active }: { conversation: Conversation; viewerId: number; active: boolean }) {
  const name = conversationName(conversation, viewerId);
  const others = otherParticipants(conversation, viewerId);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount;
  const lastText = !last ? "No messages" : last.excerpt || "Message deleted";
  return (
    <li>
      <Link
        href={`/messages/${conversation.id}`}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex items-center gap-3 rounded-control px-3 py-3 transition-colors",
          "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
          active ? "bg-primary/15" : "hover:bg-surface-raised",
        )}
      >
        <ParticipantAvatars members={others.length > 0 ? others : conversation.participants} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn("min-w-0 flex-1 truncate text-sm", unread > 0 ? "font-semibold text-foreground" : "font-medium text-foreground")}>{name}</span>
            <time dateTime={conversation.updatedAt} className={cn("shrink-0 text-xs", unread > 0 ? "font-medium text-primary-hover" : "text-muted")}>
              {shortTime(conversation.updatedAt)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={cn("min-w-0 flex-1 truncate text-sm", unread > 0 ? "text-foreground" : "text-muted", !last?.excerpt && "italic")}>
              {last && <span className="font-medium">{last.authorUsername}: </span>}
              {lastText}
            </span>
            {unread > 0 && (
              <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-bold leading-none text-primary-foreground">
                <span aria-hidden>{badgeCount(unread)}</span>
                <span className="sr-only">{countLabel(unread, "unread message")}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
