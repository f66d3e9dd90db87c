import { cloneElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface CssTooltipProps {
  /** The tooltip's text; also the trigger's accessible description. */
  content: ReactNode;
  /** The trigger: one focusable element that takes `aria-describedby` (give a span `tabIndex={0}`). */
  children: ReactElement<{ "aria-describedby"?: string }>;
  /** Where the bubble goes when it fits: above (the default) or below the trigger (chips at a card's top edge). */
  side?: "top" | "bottom";
  /** Which of the trigger's edges the bubble lines up with when it fits. */
  align?: "start" | "end";
  className?: string;
}

/** Where the bubble sits without anchor positioning: against the trigger's wrapper. */
const SIDE = { top: "bottom-full mb-2", bottom: "top-full mt-2" } as const;
const ALIGN = { start: "left-0", end: "right-0" } as const;
/** With anchor positioning: the same place as a position area, flipped to the other edge or side when it would leave its containing block. */
const POSITION_AREA = {
  top: { start: "supports-[position-area:top]:[position-area:top_span-right]", end: "supports-[position-area:top]:[position-area:top_span-left]" },
  bottom: { start: "supports-[position-area:top]:[position-area:bottom_span-right]", end: "supports-[position-area:top]:[position-area:bottom_span-left]" },
} as const;

/**
 * The tooltip of the public card, in CSS only: it must work with no JavaScript (the card is to be
 * server-rendered HTML, docs/decisions/015-public-card-entry.md), so it has no state and no portal.
 * Its bubble looks like `Tooltip`'s and shows while the trigger is hovered or has focus (a tap
 * focuses it on touch screens). Where the browser has CSS anchor positioning, the bubble is fixed,
 * so the card's clipping and the chips' own positioned row do not hold it, and flips to stay
 * inside the window (or inside the card, while the card's tilt or glass makes it the bubble's
 * containing block); elsewhere it sits against its trigger, inside the card.
 * Unlike `Tooltip`, Escape does not close it: that needs a script.
 */
export function CssTooltip({ content, children, side = "top", align = "start", className }: CssTooltipProps) {
  const descriptionId = useId();
  return (
    <span className="group/tooltip relative inline-flex [anchor-name:--tooltip] [anchor-scope:--tooltip]">
      {cloneElement(children, { "aria-describedby": descriptionId })}
      <span
        role="tooltip"
        id={descriptionId}
        className={cn(
          "pointer-events-none invisible absolute z-[60] w-max max-w-[min(16rem,calc(100vw-1rem))] rounded-control border border-border bg-surface-raised px-2.5 py-1.5 text-left text-xs/5 font-normal text-foreground shadow-lg shadow-black/40",
          "group-focus-within/tooltip:visible group-hover/tooltip:visible",
          SIDE[side],
          ALIGN[align],
          "supports-[position-area:top]:fixed supports-[position-area:top]:inset-auto supports-[position-area:top]:[position-anchor:--tooltip] supports-[position-area:top]:[position-try-fallbacks:flip-inline,flip-block,flip-block_flip-inline]",
          POSITION_AREA[side][align],
          className,
        )}
      >
        {content}
      </span>
    </span>
  );
}
