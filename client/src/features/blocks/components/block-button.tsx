import { Ban, CircleCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useBlocks, useSetBlocked } from "../api/blocks";

/**
 * What blocking does, as the blocked member will find it (docs/product.md "Private messages and
 * blocking"): they are not notified, but trying to message the blocker or comment on their profile
 * they read the server's refusal. Staff stay able to reach the member.
 */
function blockDescription(username: string, staff: boolean): string {
  if (staff) {
    return `${username} is staff: their messages and profile comments still reach you. They will cause you no notifications, and their posts are collapsed for you. They are not notified of the block.`;
  }
  return `${username} will not be able to message you, add you to a conversation or comment on your profile, and will cause you no notifications. Their posts are collapsed for you. They are not notified of the block, but if they try to message you or comment, they read that you are not accepting messages or comments from them.`;
}

function unblockDescription(username: string, staff: boolean): string {
  const reach = staff ? "notify you again" : "message you, comment on your profile and notify you again";
  return `${username} will be able to ${reach}, and their posts will show as usual.`;
}

/** 'Block' or 'Unblock' on a member's profile, each after confirming; `staff`: the member is a moderator or an administrator. */
export function BlockButton({ username, staff }: { username: string; staff: boolean }) {
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
        description={blocked ? unblockDescription(username, staff) : blockDescription(username, staff)}
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
