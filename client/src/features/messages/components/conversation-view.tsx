import { ArrowLeft, Users } from "lucide-react";
import { lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { Message } from "@shared/types";
import { ComposerPlaceholder } from "@/components/composer/composer-placeholder";
import { ErrorState } from "@/components/error-state";
import { OnlineDot } from "@/components/online-dot";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";
import { Spinner } from "@/components/ui/spinner";
import { usePageTitle } from "@/hooks/use-page-title";
import { apiErrorMessage, hasStatus } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useConversation } from "../api/conversations";
import { useDeleteMessage, useMessages } from "../api/messages";
import { useMarkRead } from "../hooks/use-mark-read";
import { conversationName, otherParticipants } from "../utils/conversation-name";
import { messagesInOrder } from "../utils/messages-cache";
import { CONVERSATION_NOT_FOUND, ConversationNotFound } from "./conversation-not-found";
import { MessageItem } from "./message-item";
import { ParticipantAvatars } from "./participant-avatars";

/** The form's code (the composer, react-hook-form, zod) is split off the conversation's first load; the screen starts it loading once it has painted. */
export const loadMessageForm = () => import("./message-form");
const MessageForm = lazy(() => loadMessageForm().then((module) => ({ default: module.MessageForm })));
const ParticipantsDialog = lazy(() => import("./participants-dialog").then((module) => ({ default: module.ParticipantsDialog })));

/** Messages this close in time by one author read as one run (no name or avatar again). */
const RUN_GAP_MS = 5 * 60_000;
/** The reader counts as at the newest message this close to the bottom: new ones scroll into view. */
const AT_BOTTOM_PX = 120;

/**
 * One conversation: its name and people, the messages oldest to newest (earlier ones on demand,
 * new ones arriving live over /ws), marked read as they are seen, and the composer at the foot.
 */
export function ConversationView({ conversationId, viewerId }: { conversationId: number; viewerId: number }) {
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const deleteMessage = useDeleteMessage(conversationId);
  const observeMessage = useMarkRead(conversationId);
  const [showingPeople, setShowingPeople] = useState(false);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const position = useRef({ first: undefined as number | undefined, last: undefined as number | undefined, fromBottom: 0, atBottom: true });

  const items = messagesInOrder(messages.data);
  const firstId = items[0]?.id;
  const lastId = items.at(-1)?.id;
  const lastIsOwn = items.at(-1)?.author?.id === viewerId;
  // The list mounts once both the conversation and its messages are in.
  const shown = Boolean(conversation.data && messages.data);
  const notFound = hasStatus(conversation.error, 404) || hasStatus(messages.error, 404);
  // The same title as ConversationNotFound sets (a parent's effect runs after its child's).
  usePageTitle(notFound ? CONVERSATION_NOT_FOUND : conversation.data ? conversationName(conversation.data, viewerId) : "Messages");

  // Opened at the newest message; a new one scrolls into view when the reader was there (or sent
  // it); earlier ones loaded above keep what was on screen in place.
  useLayoutEffect(() => {
    const box = scroller.current;
    const seen = position.current;
    if (!box || lastId === undefined) return;
    if (seen.last === undefined || (lastId !== seen.last && (seen.atBottom || lastIsOwn))) box.scrollTop = box.scrollHeight;
    else if (firstId !== seen.first) box.scrollTop = box.scrollHeight - seen.fromBottom;
    position.current = { ...seen, first: firstId, last: lastId, fromBottom: box.scrollHeight - box.scrollTop };
  }, [shown, firstId, lastId, lastIsOwn]);

  const trackScroll = () => {
    const box = scroller.current;
    if (!box) return;
    position.current.fromBottom = box.scrollHeight - box.scrollTop;
    position.current.atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < AT_BOTTOM_PX;
  };

  if (notFound) return <ConversationNotFound />;
  if (conversation.isPending || messages.isPending) return <Spinner className="flex-1" />;
  if (!conversation.data || !messages.data) {
    const failed = conversation.error ?? messages.error;
    return (
      <ErrorState
        title="Failed to load the conversation"
        error={failed}
        onRetry={() => {
          void conversation.refetch();
          void messages.refetch();
        }}
        className="flex-1 justify-center"
      />
    );
  }

  const name = conversationName(conversation.data, viewerId);
  const others = otherParticipants(conversation.data, viewerId);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-border px-3 py-2.5 sm:px-5">
        <Link href="/messages" aria-label="All messages" className={buttonClasses({ variant: "ghost", size: "icon", className: "-ml-1 size-9 md:hidden" })}>
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <ParticipantAvatars members={others.length > 0 ? others : conversation.data.participants} />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h1 className="truncate text-base font-semibold">{name}</h1>
            {/* One other member: whether they are here now (a group's are in People). */}
            {others.length === 1 && <OnlineDot userId={others[0]!.id} className="size-2" />}
          </div>
          <p className="truncate text-xs text-muted">
            {conversation.data.title ? others.map((member) => member.username).join(", ") || "Only you" : `${conversation.data.participants.length} members`}
          </p>
        </div>
        <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setShowingPeople(true)}>
          <Users aria-hidden />
          <span className="sr-only sm:not-sr-only">People</span>
          <span className="rounded-full bg-surface-raised px-1.5 text-xs tabular-nums text-muted">{conversation.data.participants.length}</span>
        </Button>
      </header>

      <div ref={scroller} onScroll={trackScroll} className="min-h-0 flex-1 overflow-y-auto px-3 pb-4 sm:px-5" aria-label="Messages" role="log">
        {messages.hasNextPage && (
          <div className="flex justify-center pt-4">
            <Button variant="outline" size="sm" disabled={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
              {messages.isFetchingNextPage ? "Loading..." : "Load earlier messages"}
            </Button>
          </div>
        )}
        {messages.isFetchNextPageError && (
          <ErrorState title="Failed to load earlier messages" error={messages.error} onRetry={() => void messages.fetchNextPage()} className="py-6" />
        )}
        {!messages.hasNextPage && <p className="pt-6 text-center text-xs text-muted">The start of the conversation</p>}
        {items.map((message, index) => {
          const previous = items[index - 1];
          const continued =
            previous !== undefined &&
            previous.author?.id === message.author?.id &&
            new Date(message.createdAt).getTime() - new Date(previous.createdAt).getTime() < RUN_GAP_MS;
          return (
            <MessageItem
              key={message.id}
              ref={observeMessage}
              message={message}
              own={message.author?.id === viewerId}
              continued={continued}
              onDelete={setDeleting}
            />
          );
        })}
      </div>

      <div className="border-t border-border bg-surface/60 px-3 py-3 sm:px-5">
        <Suspense
          fallback={
            // The form as it will look (message-form.tsx), so the messages above do not move when it replaces this.
            <div className="flex flex-col gap-2">
              <ComposerPlaceholder rows={2} placeholder="Write a message..." />
              <div className="h-8" />
            </div>
          }
        >
          <MessageForm conversationId={conversationId} />
        </Suspense>
      </div>

      <MountWhenOpened open={showingPeople}>
        <ParticipantsDialog conversation={conversation.data} viewerId={viewerId} open={showingPeople} onOpenChange={setShowingPeople} />
      </MountWhenOpened>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this message?"
        description="Everyone in the conversation will see “Message deleted” in its place. This cannot be undone."
        confirmLabel="Delete message"
        pendingLabel="Deleting..."
        pending={deleteMessage.isPending}
        onConfirm={() =>
          deleting &&
          deleteMessage.mutate(deleting, {
            onSuccess: () => setDeleting(null),
            onError: (error) => toast({ variant: "destructive", title: "Failed to delete the message", description: apiErrorMessage(error) }),
          })
        }
      />
    </div>
  );
}
