import { useId, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from "react";
import { TEXT_LIMITS, USERNAME_CHARACTERS } from "@shared/constants";
import { Textarea } from "@/components/ui/textarea";
import { MemberSuggestionList } from "@/components/member-suggestion-list";
import { useMemberSuggestions } from "@/hooks/use-member-suggestions";
import { useEmoji } from "@/hooks/use-emoji";
import { searchEmoji } from "@/lib/emoji";
import { setTextareaValue } from "@/lib/textarea-value";
import { cn } from "@/lib/cn";

/** `@` and the name typed so far, right before the caret, where a mention may start (as shared/mentions.ts reads them). */
const MENTION_BEING_TYPED = new RegExp(`(?<![@${USERNAME_CHARACTERS}])@([${USERNAME_CHARACTERS}]{0,${TEXT_LIMITS.usernameMax}})$`);

/** `:` and at least two characters of a shortcode right before the caret (not after a word or another `:`, so not `12:30`). */
const SHORTCODE_BEING_TYPED = /(?<![\w:]):([a-z0-9_+-]{2,40})$/;

/** What is typed at the caret: a mention's name after `@`, or a shortcode's start after `:`. */
type Typed = { kind: "mention" | "emoji"; text: string };

function typedAtCaret(element: HTMLTextAreaElement): Typed | null {
  if (element.selectionStart !== element.selectionEnd) return null;
  const before = element.value.slice(0, element.selectionStart);
  const mention = MENTION_BEING_TYPED.exec(before)?.[1];
  if (mention !== undefined) return { kind: "mention", text: mention };
  const shortcode = SHORTCODE_BEING_TYPED.exec(before)?.[1];
  return shortcode === undefined ? null : { kind: "emoji", text: shortcode };
}

const EMOJI_SUGGESTIONS = 8;

/**
 * A Textarea that suggests members while `@` and at least two letters are typed, and emoji
 * shortcodes while `:` and two letters are (docs/product.md "Rich content"; the emoji list is loaded
 * then): a listbox under
 * the box, moved through with the arrow keys, taken with Enter or Tab, closed with Escape.
 * Choosing one completes the name followed by a space. Other keys go to `onKeyDown`. The box stays
 * a textbox (ARIA allows no combobox role on a textarea) that announces the list through
 * aria-autocomplete, aria-controls and aria-activedescendant (docs/decisions/014-mention-suggestions.md).
 */
export function MentionTextarea({ ref, onKeyDown, onBlur, ...props }: ComponentProps<"textarea"> & { ref?: Ref<HTMLTextAreaElement> }) {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [at, setAt] = useState<Typed | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const typed = at?.kind === "mention" ? at.text : null;
  const members = useMemberSuggestions(typed);
  const emoji = useEmoji(at?.kind === "emoji");
  const emojiFound = at?.kind === "emoji" ? searchEmoji(emoji, at.text, EMOJI_SUGGESTIONS) : [];
  const count = at?.kind === "emoji" ? emojiFound.length : members.length;
  const listId = useId();
  const open = at !== null && `${at.kind}:${at.text}` !== dismissed && count > 0;
  const current = Math.min(active, count - 1);

  const follow = () => {
    const next = element.current ? typedAtCaret(element.current) : null;
    if (next?.kind !== at?.kind || next?.text !== at?.text) {
      setAt(next);
      setActive(0);
    }
  };

  /** Replaces what was typed (after `@` or with its `:`) by `text` and a space. */
  const complete = (text: string, replacing: number) => {
    const box = element.current;
    if (!box) return;
    const start = box.selectionStart - replacing;
    const value = `${box.value.slice(0, start)}${text} ${box.value.slice(box.selectionStart)}`;
    setTextareaValue(box, value, start + text.length + 1);
    setAt(null);
    box.focus();
  };
  const chooseAt = (index: number) => {
    if (!at) return;
    if (at.kind === "mention") complete(members[index]!.username, at.text.length);
    else complete(`:${emojiFound[index]!.shortcodes[0]}:`, at.text.length + 1);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const handled = {
        ArrowDown: () => setActive((current + 1) % count),
        ArrowUp: () => setActive((current - 1 + count) % count),
        Enter: () => chooseAt(current),
        Tab: () => chooseAt(current),
        Escape: () => setDismissed(at ? `${at.kind}:${at.text}` : null),
      }[event.key];
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
        handled();
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={(node) => {
          element.current = node;
          if (typeof ref === "function") ref(node);
          else if (ref) ref.current = node;
        }}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${current}` : undefined}
        onKeyDown={keyDown}
        onKeyUp={follow}
        onInput={follow}
        onClick={follow}
        onBlur={(event) => {
          setAt(null);
          onBlur?.(event);
        }}
      />
      {open && at.kind === "mention" && (
        <MemberSuggestionList id={listId} members={members} current={current} onChoose={(member) => complete(member.username, at.text.length)} onHover={setActive} className="w-64 max-w-full" />
      )}
      {open && at.kind === "emoji" && (
        <ul id={listId} role="listbox" aria-label="Emoji" className="absolute left-0 top-full z-30 mt-1 w-64 max-w-full overflow-hidden rounded-control border border-border bg-surface-raised py-1 shadow-lg">
          {emojiFound.map((entry, index) => (
            <li
              key={entry.emoji}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === current}
              // Chosen on mouse down, before the box loses focus and closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                chooseAt(index);
              }}
              onMouseMove={() => setActive(index)}
              className={cn("flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm", index === current && "bg-primary/20 text-foreground")}
            >
              <span aria-hidden className="text-lg leading-none">{entry.emoji}</span>
              <span className="truncate">:{entry.shortcodes[0]}:</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
