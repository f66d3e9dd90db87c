import { MessagesSquare } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/empty-state";
import { cn } from "@/lib/cn";
import { ConversationList } from "./conversation-list";
import { NewConversationButton } from "./new-conversation-button";

interface MessagesLayoutProps {
  viewerId: number;
  /** The open conversation, if any: beside the list on wide screens, alone on narrow ones. */
  conversationId?: number;
  children?: ReactNode;
}

/**
 * /messages and /messages/{id}: the conversation list and the open conversation side by side on a
 * wide screen; on a narrow one the list alone, or the conversation alone with a way back.
 */
export function MessagesLayout({ viewerId, conversationId, children }: MessagesLayoutProps) {
  const open = conversationId !== undefined;
  // The page's one h1 is the conversation's name while one is open.
  const Heading = open ? "h2" : "h1";
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-6xl md:px-6 md:py-6">
      <div className="flex min-h-0 flex-1 overflow-hidden bg-surface md:rounded-card md:border md:border-border md:shadow-lg md:shadow-black/20">
        <aside aria-label="Conversations" className={cn("min-h-0 w-full flex-col md:flex md:w-80 md:shrink-0 md:border-r md:border-border lg:w-96", open ? "hidden" : "flex")}>
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
            <Heading className="text-xl font-semibold tracking-tight">Messages</Heading>
            <NewConversationButton viewerId={viewerId} size="sm" />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList viewerId={viewerId} activeId={conversationId} newMessage={<NewConversationButton viewerId={viewerId} variant="outline" size="sm" label="Start a conversation" />} />
          </div>
        </aside>
        <section aria-label={open ? "Conversation" : undefined} className={cn("min-h-0 min-w-0 flex-1 flex-col", open ? "flex" : "hidden md:flex")}>
          {children ?? (
            <EmptyState
              icon={MessagesSquare}
              title="Choose a conversation"
              description="Pick one from the list, or start a new one with one member or a small group."
              className="flex-1 justify-center"
            />
          )}
        </section>
      </div>
    </div>
  );
}
