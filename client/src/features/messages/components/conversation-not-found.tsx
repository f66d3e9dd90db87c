import { MessageSquareOff } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { buttonClasses } from "@/components/ui/button";
import { usePageTitle } from "@/hooks/use-page-title";

export const CONVERSATION_NOT_FOUND = "Conversation not found";

/** In place of a conversation that does not exist or that the member is not in (the server answers both with 404). */
export function ConversationNotFound() {
  usePageTitle(CONVERSATION_NOT_FOUND);
  return (
    <EmptyState
      icon={MessageSquareOff}
      title={CONVERSATION_NOT_FOUND}
      description="It does not exist, or you are not in it."
      action={
        <Link href="/messages" className={buttonClasses({ variant: "outline", size: "sm" })}>
          Back to messages
        </Link>
      }
      className="flex-1 justify-center"
    />
  );
}
