import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";

/** Space kept between the bubble and its trigger, and between the bubble and the window's edges. */
const GAP_PX = 8;

interface TooltipTriggerProps {
  "aria-describedby": string;
  onPointerEnter: (event: PointerEvent) => void;
  onPointerLeave: (event: PointerEvent) => void;
  onFocus: () => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  ref: (element: HTMLElement | null) => void;
}

interface TooltipProps {
  /** The tooltip's text; also the trigger's accessible description. */
  content: ReactNode;
  /** Renders the trigger; spread the given props on it (a focusable element). */
  children: (trigger: TooltipTriggerProps) => ReactNode;
  className?: string;
}

/**
 * A small text bubble above its trigger (below when there is no room above), shown while the
 * trigger is hovered or focused (a tap focuses it on touch screens), kept inside the window. It is
 * drawn at the end of the page, so no card clips it; while hidden it stays in the page as the
 * trigger's description for screen readers.
 */
export function Tooltip({ content, children, className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const bubble = useRef<HTMLSpanElement | null>(null);

  useLayoutEffect(() => {
    if (!open || !trigger.current || !bubble.current) return;
    const place = () => {
      const anchor = trigger.current!.getBoundingClientRect();
      const { width, height } = bubble.current!.getBoundingClientRect();
      const left = Math.min(Math.max(GAP_PX, anchor.left), window.innerWidth - width - GAP_PX);
      const above = anchor.top - height - GAP_PX;
      const top = above >= GAP_PX ? above : anchor.bottom + GAP_PX;
      setPosition({ left: Math.max(GAP_PX, left), top });
    };
    place();
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [open]);

  const show = () => setOpen(true);
  const hide = () => {
    setOpen(false);
    setPosition(null);
  };

  return (
    <>
      {children({
        "aria-describedby": id,
        // A tap shows it through focus; touch pointers leave right after the tap, so only a mouse's hover counts.
        onPointerEnter: (event) => event.pointerType !== "touch" && show(),
        onPointerLeave: (event) => event.pointerType !== "touch" && hide(),
        onFocus: show,
        onBlur: hide,
        onKeyDown: (event) => event.key === "Escape" && hide(),
        ref: (element) => {
          trigger.current = element;
        },
      })}
      {createPortal(
        <span
          id={id}
          ref={bubble}
          role="tooltip"
          hidden={!open}
          style={position ? { left: position.left, top: position.top } : { left: 0, top: 0, visibility: "hidden" }}
          className={cn(
            "pointer-events-none fixed z-[60] w-max max-w-[min(16rem,calc(100vw-1rem))] rounded-control border border-border bg-surface-raised px-2.5 py-1.5 text-xs/5 font-normal text-foreground shadow-lg shadow-black/40",
            className,
          )}
        >
          {content}
        </span>,
        document.body,
      )}
    </>
  );
}
