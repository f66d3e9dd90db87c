import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cn } from "@/lib/cn";
import { TOAST_EXIT_MS, TOAST_STACK_OFFSET_PX, type Toast as ToastData } from "@/lib/toast-store";

const VARIANTS = {
  default: {
    classes: "border-border bg-surface-raised text-foreground",
    icon: CircleCheck,
    iconClasses: "text-primary",
    descriptionClasses: "text-muted",
  },
  destructive: {
    classes: "border-destructive-hover/40 bg-destructive-solid text-destructive-foreground",
    icon: CircleAlert,
    iconClasses: "",
    descriptionClasses: "",
  },
} as const;

/** Distance an entering toast rises while it fades in. */
const ENTER_RISE_PX = 16;

interface ToastProps {
  toast: ToastData;
  /** 0 for the newest; each older toast sits TOAST_STACK_OFFSET_PX higher. */
  index: number;
  onClose: () => void;
}

/** One toast of the stack; its title and description are plain text. */
export function Toast({ toast, index, onClose }: ToastProps) {
  const variant = VARIANTS[toast.variant];
  const Icon = variant.icon;
  const shown = toast.phase === "open";
  const offset = -index * TOAST_STACK_OFFSET_PX + (toast.phase === "entering" ? ENTER_RISE_PX : 0);

  return (
    <li
      data-variant={toast.variant}
      data-phase={toast.phase}
      style={{ transform: `translateY(${offset}px)`, transitionDuration: `${TOAST_EXIT_MS}ms` }}
      className={cn(
        "absolute inset-x-0 bottom-0 flex items-start gap-3 rounded-card border px-4 py-2.5 shadow-xl shadow-black/40",
        "transition-[opacity,transform] ease-out",
        shown ? "pointer-events-auto opacity-100" : "opacity-0",
        variant.classes,
      )}
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", variant.iconClasses)} aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm/5 font-semibold">{toast.title}</p>
        {toast.description && <p className={cn("mt-0.5 line-clamp-2 text-xs/4", variant.descriptionClasses)}>{toast.description}</p>}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={onClose}
        className="-mr-1.5 cursor-pointer rounded-control p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
