import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** The browser's own select (its phone pickers, its keyboard), drawn like the inputs. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative min-w-0", className)}>
      <select
        className={cn(
          "h-10 w-full min-w-0 cursor-pointer appearance-none truncate rounded-control border border-border bg-background pr-9 pl-3 text-sm text-foreground transition-colors",
          "hover:border-muted/60 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        )}
        {...props}
      />
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
    </div>
  );
}
