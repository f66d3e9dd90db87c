import { useId, useRef, type MouseEvent, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface PopoverMenuProps {
  /** The button's content: an icon and a label. */
  trigger: ReactNode;
  /** The panel's accessible name ("More actions for ada"). */
  label: string;
  triggerClassName?: string;
  /** Classes of the wrapper around the button (its width in a grid). */
  className?: string;
  /** Which of the button's edges the panel lines up with when it fits. */
  align?: "start" | "end";
  /** The panel's links and buttons, one under the other. */
  children: ReactNode;
}

/** Where the panel goes with CSS anchor positioning: under the button, flipped above it or to its other edge when it would leave the window. */
const POSITION_AREA = {
  start: "supports-[position-area:top]:[position-area:bottom_span-right]",
  end: "supports-[position-area:top]:[position-area:bottom_span-left]",
} as const;

/** The classes of a panel's entry (a link or a button), as wide as the panel. */
export const popoverMenuItemClasses =
  "flex h-9 w-full cursor-pointer items-center gap-2.5 rounded-md px-2.5 text-left text-sm font-medium whitespace-nowrap text-foreground hover:bg-surface-raised focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

/**
 * A button that opens a small panel of links or actions under it: the browser's own popover (in the
 * top layer, so no table or scrolling box clips it; closed by Escape or a click outside, which give
 * the focus back to the button; its entries come next in the Tab order). Choosing an entry closes it
 * too. Where the browser lacks anchor positioning the panel shows in the middle of the window.
 */
export function PopoverMenu({ trigger, label, triggerClassName, className, align = "end", children }: PopoverMenuProps) {
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeOnChoice = (event: MouseEvent) => {
    if ((event.target as Element).closest("a, button")) panel.current?.hidePopover();
  };
  return (
    <span className={cn("inline-flex [anchor-name:--popover-menu] [anchor-scope:--popover-menu]", className)}>
      <button type="button" popoverTarget={panelId} className={triggerClassName}>
        {trigger}
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        role="group"
        aria-label={label}
        onClick={closeOnChoice}
        className={cn(
          "min-w-44 flex-col gap-0.5 rounded-control border border-border bg-surface p-1 text-foreground shadow-xl shadow-black/30 [&:popover-open]:flex",
          "supports-[position-area:top]:inset-auto supports-[position-area:top]:m-0 supports-[position-area:top]:my-1 supports-[position-area:top]:[position-anchor:--popover-menu] supports-[position-area:top]:[position-try-fallbacks:flip-block,flip-inline,flip-block_flip-inline]",
          POSITION_AREA[align],
        )}
      >
        {children}
      </div>
    </span>
  );
}
