import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { MessagesLayout } from "@/features/messages/components/messages-layout";
import { usePageTitle } from "@/hooks/use-page-title";

/** /messages: the member's conversations (and, on a wide screen, room for the one chosen). */
export function MessagesScreen() {
  usePageTitle("Messages");
  const { data: user } = useCurrentUser();
  // The router shows this screen only to a signed-in member; the user is in the cache by then.
  if (!user) return <Spinner className="flex-1" />;
  return <MessagesLayout viewerId={user.id} />;
}
