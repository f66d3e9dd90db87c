import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type AutoFocusHandler = (event: Event) => void;

/**
 * Where the focus goes back when a dialog closes: the element that had it when the dialog opened,
 * also for dialogs opened from state rather than by a Trigger (Radix returns it to a Trigger only).
 * When that element is gone (the row it was in was deleted), Radix's own handling applies.
 * Returns the content's onOpenAutoFocus and onCloseAutoFocus, wrapping the caller's.
 */
export function useReturnFocus(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Runs as the content mounts, before the focus moves into it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-(--theme-overlay) backdrop-blur-sm data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out",
        className,
      )}
      {...props}
    />
  );
}

export function DialogCloseButton() {
  return (
    <DialogPrimitive.Close
      aria-label="Close"
      className="absolute right-4 top-4 cursor-pointer rounded-control p-1 text-muted transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
    >
      <X className="size-5" aria-hidden />
    </DialogPrimitive.Close>
  );
}

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        {...returnFocus}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
          "rounded-card border border-border bg-surface p-6 shadow-2xl shadow-black/50 focus:outline-none",
          "data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out",
          className,
        )}
        {...props}
      >
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("pr-8 text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("mt-1.5 text-sm text-muted", className)} {...props} />;
}

/**
 * A dialog's buttons: Cancel (closes it; off while `pending`), then the dialog's own actions, which
 * stack above Cancel on a phone.
 */
export function DialogActions({ pending, className, children }: { pending?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}
