import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "./dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen; a warning when it cannot be undone. */
  description: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while `pending`. */
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** `destructive` (default) for deletions. */
  variant?: "destructive" | "primary";
}

/**
 * Asks before an action. The caller runs the action in `onConfirm` and closes the dialog when it
 * succeeds; while it is pending the dialog stays open with its buttons disabled.
 */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  variant = "destructive",
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div>{description}</div>
        </DialogDescription>
        <DialogActions className="mt-6" pending={pending}>
          <Button variant={variant} disabled={pending} onClick={onConfirm}>
            {pending && <LoaderCircle className="animate-spin" aria-hidden />}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
