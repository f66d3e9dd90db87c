import { useParams } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { ConversationNotFound } from "@/features/messages/components/conversation-not-found";
import { ConversationView, loadMessageForm } from "@/features/messages/components/conversation-view";
import { MessagesLayout } from "@/features/messages/components/messages-layout";
import { useLoadAfterPaint } from "@/hooks/use-load-after-paint";
import { parsePathId } from "@/lib/path-id";

/** /messages/{id}: one conversation, beside the list on a wide screen. */
export function ConversationScreen() {
  const params = useParams<{ id: string }>();
  const id = parsePathId(params.id);
  const { data: user } = useCurrentUser();
  useLoadAfterPaint(loadMessageForm);
  if (!user) return <Spinner className="flex-1" />;
  return (
    <MessagesLayout viewerId={user.id} conversationId={id ?? 0}>
      {id === null ? <ConversationNotFound /> : <ConversationView key={id} conversationId={id} viewerId={user.id} />}
    </MessagesLayout>
  );
}
