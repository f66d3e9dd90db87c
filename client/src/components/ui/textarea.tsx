import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A multi-line text input styled like Input; grows by dragging vertically. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(
        "block min-h-20 w-full min-w-0 resize-y rounded-control border border-border bg-background px-3 py-2 text-sm/6 text-foreground transition-colors",
        "placeholder:text-muted focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30",
        className,
      )}
      {...props}
    />
  );
}
