import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { SmilePlus } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from "react";
import { REACTION_DISPLAY, type Reaction } from "@shared/reactions";
import type { PostReaction } from "@shared/types";
import { cn } from "@/lib/cn";
import { useReactors, useReactTo, type ReactionTarget } from "../api/react-to-post";
import { ALL_REACTIONS, hasReacted } from "../utils/reactions";

/** How long a finger rests on a count before it lists who reacted (and the tap no longer toggles). */
const LONG_PRESS_MS = 500;
/** Names listed before "and N others". */
const NAMES_SHOWN = 10;

const CHIP = "inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm tabular-nums transition-colors";
const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

interface ReactionBarProps {
  /** The post, or the topic's opener. */
  target: ReactionTarget;
  reactions: PostReaction[];
  /** The server's policy (not one's own post): whether the counts toggle and the picker is offered. */
  canReact: boolean;
}

/**
 * Under a post or a topic's opener: its reactions with their counts, in the set's order, each a toggle button (pressed:
 * the viewer gave it), and a picker offering the whole set. Toggling shows at once and is undone
 * with a toast if the server refuses. Hovering (or focusing) a count, or a long press on touch
 * screens, lists who reacted. On one's own post the counts are shown but nothing is offered.
 */
export function ReactionBar({ target, reactions, canReact }: ReactionBarProps) {
  const react = useReactTo(target);
  if (!canReact && reactions.length === 0) return null;
  const toggle = (reaction: Reaction) => react.mutate({ reaction, give: !hasReacted(reactions, reaction) });

  return (
    // The picker's panel is placed against the whole bar (its left edge), so on a phone it stays inside the post.
    <div role="group" aria-label="Reactions" className="relative mt-3 flex flex-wrap items-center gap-1.5">
      {reactions.map((entry) => (
        <ReactionCount key={entry.reaction} target={target} entry={entry} onToggle={canReact ? () => toggle(entry.reaction) : undefined} />
      ))}
      {canReact && <ReactionPicker reactions={reactions} onPick={toggle} />}
    </div>
  );
}

/** "Like: alice, bob and 3 others", once the list has loaded. */
function reactorsText(reaction: Reaction, names: string[] | undefined): string {
  const label = REACTION_DISPLAY[reaction].label;
  if (names === undefined) return `${label}: loading…`;
  if (names.length === 0) return `${label}: nobody yet`;
  const shown = names.slice(0, NAMES_SHOWN).join(", ");
  const others = names.length - NAMES_SHOWN;
  return others > 0 ? `${label}: ${shown} and ${others} ${others === 1 ? "other" : "others"}` : `${label}: ${shown}`;
}

/**
 * One reaction's count: a toggle button where the viewer may react, otherwise plain text (focusable,
 * for the list). Radix's tooltip opens the list on hover and focus; a long press opens it on touch
 * screens, and the tap that ends the press then does not toggle.
 */
function ReactionCount({ target, entry, onToggle }: { target: ReactionTarget; entry: PostReaction; onToggle?: () => void }) {
  const [open, setOpen] = useState(false);
  const reactors = useReactors(target, open);
  const pressTimer = useRef<number | undefined>(undefined);
  const longPressed = useRef(false);
  const { emoji, label } = REACTION_DISPLAY[entry.reaction];
  const names = reactors.data?.reactions.find((item) => item.reaction === entry.reaction)?.members.map((member) => member.username);
  const name = `${label}: ${entry.count}`;

  const endPress = () => window.clearTimeout(pressTimer.current);
  useEffect(() => endPress, []);
  const touchHandlers = {
    onPointerDown: (event: ReactPointerEvent) => {
      longPressed.current = false;
      if (event.pointerType !== "touch") return;
      pressTimer.current = window.setTimeout(() => {
        longPressed.current = true;
        setOpen(true);
      }, LONG_PRESS_MS);
    },
    onPointerUp: endPress,
    onPointerCancel: endPress,
    // The browser's own long-press menu would cover the list.
    onContextMenu: (event: ReactMouseEvent) => {
      if (longPressed.current) event.preventDefault();
    },
  };
  const content = (
    <>
      <span aria-hidden>{emoji}</span>
      <span aria-hidden>{entry.count}</span>
    </>
  );

  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger asChild {...touchHandlers}>
          {onToggle ? (
            <button
              type="button"
              aria-label={name}
              aria-pressed={entry.reacted}
              className={cn(
                CHIP,
                FOCUS,
                "cursor-pointer select-none [-webkit-touch-callout:none]",
                entry.reacted ? "border-primary/60 bg-primary/15 text-foreground hover:bg-primary/25" : "border-border text-muted hover:border-muted/60 hover:text-foreground",
              )}
              onClick={(event) => {
                // The tap that ends a long press showed the list; it toggles nothing (and keeps the list open).
                if (longPressed.current) {
                  longPressed.current = false;
                  event.preventDefault();
                  return;
                }
                onToggle();
              }}
            >
              {content}
            </button>
          ) : (
            <span role="img" tabIndex={0} aria-label={name} className={cn(CHIP, FOCUS, "select-none border-border text-muted [-webkit-touch-callout:none]")}>
              {content}
            </span>
          )}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side="top"
            align="start"
            sideOffset={8}
            collisionPadding={8}
            className="z-[60] w-max max-w-[min(18rem,calc(100vw-1rem))] rounded-control border border-border bg-surface-raised px-2.5 py-1.5 text-xs/5 text-foreground shadow-lg shadow-black/40"
          >
            {reactorsText(entry.reaction, names)}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}

/**
 * "Add reaction": the whole set in a small panel above the bar, each a toggle (pressed: given).
 * Choosing one closes it; so do Escape (back to the button) and a press outside.
 */
function ReactionPicker({ reactions, onPick }: { reactions: PostReaction[]; onPick: (reaction: Reaction) => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>("[data-reaction]")?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  return (
    <div
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.stopPropagation();
        setOpen(false);
        trigger.current?.focus();
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-label="Add reaction"
        title="Add reaction"
        aria-expanded={open}
        className={cn(CHIP, FOCUS, "cursor-pointer border-transparent text-muted hover:border-border hover:text-foreground")}
        onClick={() => setOpen((value) => !value)}
      >
        <SmilePlus aria-hidden className="size-4" />
      </button>
      {open && (
        <div
          role="group"
          aria-label="Choose a reaction"
          className="absolute bottom-full left-0 z-50 mb-2 flex gap-0.5 rounded-full border border-border bg-surface-raised p-1 shadow-lg shadow-black/40"
        >
          {ALL_REACTIONS.map((reaction) => {
            const given = hasReacted(reactions, reaction);
            return (
              <button
                key={reaction}
                type="button"
                data-reaction={reaction}
                aria-label={REACTION_DISPLAY[reaction].label}
                title={REACTION_DISPLAY[reaction].label}
                aria-pressed={given}
                className={cn(
                  "grid size-9 cursor-pointer place-items-center rounded-full text-lg transition-transform hover:scale-110 hover:bg-border",
                  FOCUS,
                  given && "bg-primary/20",
                )}
                onClick={() => {
                  setOpen(false);
                  onPick(reaction);
                  trigger.current?.focus();
                }}
              >
                <span aria-hidden>{REACTION_DISPLAY[reaction].emoji}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
