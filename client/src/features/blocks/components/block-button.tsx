import { Ban, CircleCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useBlocks, useSetBlocked } from "../api/blocks";

/** 'Block' or 'Unblock' on a member's profile, each after confirming. */
export function BlockButton({ username }: { username: string }) {
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  const [confirming, setConfirming] = useState(false);
  if (!blocks.data) return null;
  const blocked = blocks.data.blocks.some((member) => member.username.toLowerCase() === username.toLowerCase());

  return (
    <>
      <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        {blocked ? <CircleCheck aria-hidden /> : <Ban aria-hidden />}
        {blocked ? "Unblock" : "Block"}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={blocked ? `Unblock ${username}?` : `Block ${username}?`}
        description={
          blocked
            ? `${username} will be able to message you and notify you again, and their posts will show as usual.`
            : `${username} will not be able to start a conversation with you or add you to one, and will cause you no notifications. Their posts are collapsed for you. They are not told.`
        }
        confirmLabel={blocked ? "Unblock" : "Block"}
        pendingLabel={blocked ? "Unblocking..." : "Blocking..."}
        variant={blocked ? "primary" : "destructive"}
        pending={setBlocked.isPending}
        onConfirm={() =>
          setBlocked.mutate(
            { username, blocked: !blocked },
            {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: blocked ? `${username} is unblocked` : `${username} is blocked` });
              },
              onError: (error) => toast({ variant: "destructive", title: blocked ? "Failed to unblock" : "Failed to block", description: apiErrorMessage(error) }),
            },
          )
        }
      />
    </>
  );
}
