import { LogOut } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { CONVERSATION_MAX_MEMBERS } from "@shared/constants";
import type { Conversation } from "@shared/types";
import { OnlineDot } from "@/components/online-dot";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { UserLink } from "@/components/user-link";
import { useSilence } from "@/hooks/use-silence";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useAddParticipant, useLeaveConversation } from "../api/conversations";
import { MemberPicker } from "./member-picker";

interface ParticipantsDialogProps {
  conversation: Conversation;
  viewerId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Who is in the conversation (with who is online), adding a person (up to 10 in all), and leaving it after confirming. */
export function ParticipantsDialog({ conversation, viewerId, open, onOpenChange }: ParticipantsDialogProps) {
  const [, navigate] = useLocation();
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const add = useAddParticipant(conversation.id);
  const leave = useLeaveConversation(conversation.id);
  const full = conversation.participants.length >= CONVERSATION_MAX_MEMBERS;
  // Bringing someone in is messaging them: a silenced member may not (the server refuses anyway).
  const silenced = useSilence() !== null;

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-md">
          <DialogTitle>People</DialogTitle>
          <DialogDescription>
            {conversation.participants.length} of {CONVERSATION_MAX_MEMBERS} members. Anyone in the conversation may add a person; they will see the
            earlier messages too.
          </DialogDescription>
          <ul aria-label="Participants" className="mt-4 flex flex-col gap-1">
            {conversation.participants.map((member) => (
              <li key={member.id} className="flex items-center gap-2 rounded-control px-2 py-1.5">
                <UserLink username={member.username} avatar={member.avatar} role={member.role} size="sm" className="text-sm" />
                <OnlineDot userId={member.id} className="size-2" />
                {member.id === viewerId && <span className="text-xs text-muted">(you)</span>}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-1.5">
            <span className="text-sm font-medium">Add person</span>
            <MemberPicker
              label="Add person"
              placeholder={silenced ? "You are silenced" : full ? `At most ${CONVERSATION_MAX_MEMBERS} members` : "Type a name..."}
              disabled={full || silenced || add.isPending}
              exclude={(member) => conversation.participants.some((item) => item.id === member.id)}
              onPick={(member) =>
                add.mutate(member.username, {
                  onSuccess: () => toast({ title: `${member.username} was added` }),
                })
              }
            />
            {add.isError && (
              <p role="alert" className="text-xs/5 text-destructive">
                {apiErrorMessage(add.error)}
              </p>
            )}
          </div>
          <div className="mt-6 border-t border-border pt-4">
            <Button variant="outline" className="w-full text-destructive-hover hover:bg-destructive/10 sm:w-auto" onClick={() => setConfirmingLeave(true)}>
              <LogOut aria-hidden />
              Leave conversation
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmingLeave}
        onOpenChange={setConfirmingLeave}
        title="Leave this conversation?"
        description="It disappears from your messages and you receive no more of them. Someone in it can add you again."
        confirmLabel="Leave conversation"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              setConfirmingLeave(false);
              onOpenChange(false);
              navigate("/messages");
            },
            onError: (error) => toast({ variant: "destructive", title: "Failed to leave", description: apiErrorMessage(error) }),
          })
        }
      />
    </>
  );
}
