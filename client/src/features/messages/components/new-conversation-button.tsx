import { PenSquare } from "lucide-react";
import { lazy, useState } from "react";
import { Button, type ButtonStyle } from "@/components/ui/button";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";
import type { ChosenMember } from "./new-conversation-dialog";

const loadDialog = () => import("./new-conversation-dialog");
// The dialog (and the composer in it) loads on the first touch of the button.
const NewConversationDialog = lazy(() => loadDialog().then((module) => ({ default: module.NewConversationDialog })));

interface NewConversationButtonProps extends ButtonStyle {
  viewerId: number;
  /** Chosen already when the dialog opens. */
  with?: ChosenMember;
  label?: string;
  icon?: typeof PenSquare;
}

/** Opens the new-conversation dialog ('New message'; 'Message' on a profile, with that member chosen). */
export function NewConversationButton({ viewerId, with: member, label = "New message", icon: Icon = PenSquare, ...style }: NewConversationButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...style} aria-haspopup="dialog" aria-expanded={open} onPointerDown={() => void loadDialog()} onClick={() => setOpen(true)}>
        <Icon aria-hidden />
        {label}
      </Button>
      <MountWhenOpened open={open}>
        <NewConversationDialog open={open} onOpenChange={setOpen} viewerId={viewerId} initialMembers={member ? [member] : []} />
      </MountWhenOpened>
    </>
  );
}
