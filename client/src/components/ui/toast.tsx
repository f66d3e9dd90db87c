import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cn } from "@/lib/cn";
import { TOAST_EXIT_MS, type Toast as ToastData } from "@/lib/toast-store";

const VARIANTS = {
  default: {
    classes: "border-border bg-surface-raised text-foreground",
    icon: CircleCheck,
    iconClasses: "text-primary",
    descriptionClasses: "text-muted",
    role: "status",
  },
  destructive: {
    classes: "border-destructive-hover/40 bg-destructive-solid text-destructive-foreground",
    icon: CircleAlert,
    iconClasses: "",
    descriptionClasses: "",
    role: "alert",
  },
} as const;

/** Distance an entering toast drops while it fades in. */
const ENTER_DROP_PX = 16;

interface ToastProps {
  toast: ToastData;
  onClose: () => void;
}

/** One toast of the stack; its title and description are plain text, wrapped, never cut off. */
export function Toast({ toast, onClose }: ToastProps) {
  const variant = VARIANTS[toast.variant];
  const Icon = variant.icon;
  const shown = toast.phase === "open";
  const offset = toast.phase === "entering" ? -ENTER_DROP_PX : 0;

  return (
    // An 80 px slot (the spec's stacking step) that grows when the text needs more, so that a long
    // or enlarged text pushes the older toasts down instead of being cut off or covered.
    <li data-variant={toast.variant} data-phase={toast.phase} className="flex min-h-20 flex-col justify-start">
      <div
        style={{ transform: `translateY(${offset}px)`, transitionDuration: `${TOAST_EXIT_MS}ms` }}
        className={cn(
          "flex items-start gap-3 rounded-card border px-4 py-2.5 shadow-xl shadow-black/40",
          "transition-[opacity,transform] ease-out",
          shown ? "opacity-100" : "opacity-0",
          variant.classes,
        )}
      >
        <Icon className={cn("mt-0.5 size-4 shrink-0", variant.iconClasses)} aria-hidden />
        {/* Errors interrupt (alert, assertive); everything else waits its turn (status, polite). */}
        <div role={variant.role} aria-atomic="true" className="min-w-0 flex-1">
          <p className="text-sm/5 font-semibold [overflow-wrap:anywhere]">{toast.title}</p>
          {toast.description && <p className={cn("mt-0.5 text-xs/4 [overflow-wrap:anywhere]", variant.descriptionClasses)}>{toast.description}</p>}
        </div>
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className={cn(
            "-mr-1.5 cursor-pointer rounded-control p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current",
            shown && "pointer-events-auto",
          )}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}
