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
}

/** "Flag post", "Flag card", …: offered on what is not the viewer's own (the caller decides that). */
export function FlagButton({ targetType, targetId, withLabel = false, name, className }: FlagButtonProps) {
  const [open, setOpen] = useState(false);
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
        <FlagDialog targetType={targetType} targetId={targetId} name={name} open={open} onOpenChange={setOpen} />
      </MountWhenOpened>
    </>
  );
}
