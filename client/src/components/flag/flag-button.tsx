import { Flag } from "lucide-react";
import { lazy, useState } from "react";
import type { FlagTargetType } from "@shared/flags";
import { Button } from "@/components/ui/button";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";
import { cn } from "@/lib/cn";

// The dialog (its form and schema) loads when first opened, not with the screen that offers it.
const loadFlagDialog = () => import("./flag-dialog");
const FlagDialog = lazy(() => loadFlagDialog().then((module) => ({ default: module.FlagDialog })));

interface FlagButtonProps {
  targetType: FlagTargetType;
  targetId: number | string;
  /** An icon button (posts, comments, messages) or one with its label, "Flag card" (the card). */
  withLabel?: boolean;
  /** How the dialog names the target ("@alice's card"); "this post" and so on without it. */
  name?: string;
  className?: string;
  /** The viewer's flag on it is open (`viewerFlagged`): the button reads "Flagged" and offers nothing more. */
  flagged?: boolean;
}

/**
 * "Flag post", "Flag card", …: offered on what is not the viewer's own (the caller decides that). Once
 * the viewer's flag is open (`flagged`, or just raised here) it reads "Flagged" until staff decide: no
 * second flag is offered.
 */
export function FlagButton({ targetType, targetId, withLabel = false, name, className, flagged = false }: FlagButtonProps) {
  const [open, setOpen] = useState(false);
  const [flaggedHere, setFlaggedHere] = useState(false);
  // Staff decided (the answer read again no longer says flagged): the flag raised here is closed too.
  const [shownFlagged, setShownFlagged] = useState(flagged);
  if (shownFlagged !== flagged) {
    setShownFlagged(flagged);
    if (!flagged) setFlaggedHere(false);
  }
  if (flagged || flaggedHere) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className={cn("text-destructive disabled:opacity-100", !withLabel && "h-8 px-2", className)}
        disabled
        title={`You flagged this ${targetType}; staff will review it`}
        data-flagged=""
      >
        <Flag aria-hidden className="fill-current" />
        Flagged
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size={withLabel ? "sm" : "icon"}
        className={cn(!withLabel && "size-8", className)}
        aria-label={`Flag ${targetType}`}
        title={`Flag ${targetType}`}
        onPointerDown={() => void loadFlagDialog()}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden />
        {withLabel && `Flag ${targetType}`}
      </Button>
      <MountWhenOpened open={open}>
        <FlagDialog targetType={targetType} targetId={targetId} name={name} open={open} onOpenChange={setOpen} onFlagged={() => setFlaggedHere(true)} />
      </MountWhenOpened>
    </>
  );
}
