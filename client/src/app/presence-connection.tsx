import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { currentUserQueryKey, useCurrentUser } from "@/features/auth/api/get-current-user";
import { applyTopicDeleted } from "@/features/forum/utils/deleted-topics";
import { applyConversationRead, applyMessageEvent } from "@/features/messages/api/live";
import { applyNotificationMessage } from "@/features/notifications/api/notifications";
import { applyReviewCount } from "@/features/flags/api/review-count";
import { isBanned } from "@/lib/is-banned";
import { liveTopics } from "@/lib/live-topics";
import { presenceStore } from "@/lib/presence-store";
import { connectPresence } from "@/lib/ws-connection";

/**
 * Keeps the /ws connection open while a member is signed in (and not banned: the server refuses
 * them), feeding the online set, the notifications bell and the live topics (lib/live-topics.ts); on sign-out it
 * closes the connection and clears the set. New private messages reach open conversations and the list;
 * a conversation read on another device updates the unread counts; staff hear the review queue's
 * pending count.
 */
export function PresenceConnection() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const userId = user && !isBanned(user) ? user.id : null;

  useEffect(() => {
    if (userId === null) return;
    const stop = connectPresence({
      userId,
      onMessage: (message) => {
        if (message.type === "notification" || message.type === "notifications_read") applyNotificationMessage(queryClient, message);
        else if (message.type === "topic_event" || message.type === "typing") {
          if (message.type === "topic_event" && message.event === "topic_deleted") applyTopicDeleted(queryClient, message);
          liveTopics.deliver(message);
        }
        else if (message.type === "message") applyMessageEvent(queryClient, message);
        else if (message.type === "conversation_read") applyConversationRead(queryClient, message);
        else if (message.type === "review_count") applyReviewCount(queryClient, message);
        else if (message.type !== "error") presenceStore.apply(message);
      },
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      onOpen: (send) => liveTopics.attach(send),
      onClosed: () => liveTopics.detach(),
    });
    return () => {
      stop();
      liveTopics.reset();
      presenceStore.clear();
    };
  }, [userId, queryClient]);

  return null;
}
