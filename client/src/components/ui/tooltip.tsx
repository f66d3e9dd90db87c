import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Space kept between the bubble and its trigger, and between the bubble and the window's edges. */
const GAP_PX = 8;

interface TooltipProps {
  /** The tooltip's text; also the trigger's accessible description. */
  content: ReactNode;
  /** The trigger: one focusable element (give a span `tabIndex={0}`). */
  children: ReactElement;
  className?: string;
}

/**
 * A small text bubble above its trigger (below when there is no room above), shown while the
 * trigger is hovered or focused, or after a tap on touch screens, kept inside the window; Escape
 * closes it. Radix draws it at the end of the page, so no card clips it. Radix describes the
 * trigger by the bubble only while it is open, so while it is closed a hidden copy of the text
 * stays the trigger's description for screen readers.
 */
export function Tooltip({ content, children, className }: TooltipProps) {
  const descriptionId = useId();
  const [open, setOpen] = useState(false);
  const touch = useRef(false);

  return (
    <TooltipPrimitive.Provider delayDuration={200} disableHoverableContent>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger
          asChild
          aria-describedby={open ? undefined : descriptionId}
          onPointerDown={(event) => {
            touch.current = event.pointerType === "touch";
          }}
          // Radix leaves taps alone (they would close it); a tap opens it, a tap elsewhere closes it.
          onClick={(event) => {
            if (!touch.current) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <span id={descriptionId} hidden>
          {content}
        </span>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side="top"
            align="start"
            sideOffset={GAP_PX}
            collisionPadding={GAP_PX}
            className={cn(
              "pointer-events-none z-[60] w-max max-w-[min(16rem,calc(100vw-1rem))] rounded-control border border-border bg-surface-raised px-2.5 py-1.5 text-xs/5 font-normal text-foreground shadow-lg shadow-black/40",
              className,
            )}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
