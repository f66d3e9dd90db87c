import { UserX } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { UserLink } from "@/components/user-link";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useBlocks, useSetBlocked } from "../api/blocks";

/** The account settings' list of blocked members, each with Unblock. */
export function BlockedMembersCard() {
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Blocked members</CardTitle>
        <CardDescription>They cannot message you or notify you, and their posts are collapsed for you.</CardDescription>
      </CardHeader>
      <CardContent>
        {blocks.isPending ? (
          <Spinner className="py-4" />
        ) : !blocks.data ? (
          <ErrorState title="Failed to load blocked members" error={blocks.error} onRetry={() => void blocks.refetch()} className="py-4" />
        ) : blocks.data.blocks.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <UserX className="size-4" aria-hidden />
            You have not blocked anyone.
          </p>
        ) : (
          <ul aria-label="Blocked members" className="flex flex-col divide-y divide-border">
            {blocks.data.blocks.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-3 py-2.5">
                <UserLink username={member.username} avatar={member.avatar} size="sm" className="text-sm" />
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Unblock ${member.username}`}
                  disabled={setBlocked.isPending && setBlocked.variables?.username === member.username}
                  onClick={() =>
                    setBlocked.mutate(
                      { username: member.username, blocked: false },
                      { onError: (error) => toast({ variant: "destructive", title: "Failed to unblock", description: apiErrorMessage(error) }) },
                    )
                  }
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
