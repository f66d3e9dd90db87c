import { useId, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from "react";
import { TEXT_LIMITS, USERNAME_CHARACTERS } from "@shared/constants";
import { Textarea } from "@/components/ui/textarea";
import { MemberSuggestionList } from "@/components/member-suggestion-list";
import { useMemberSuggestions } from "@/hooks/use-member-suggestions";
import { setTextareaValue } from "@/lib/textarea-value";

/** `@` and the name typed so far, right before the caret, where a mention may start (as shared/mentions.ts reads them). */
const MENTION_BEING_TYPED = new RegExp(`(?<![@${USERNAME_CHARACTERS}])@([${USERNAME_CHARACTERS}]{0,${TEXT_LIMITS.usernameMax}})$`);

/** The name typed after `@` at the caret, or null when the caret is not in a mention. */
function mentionAtCaret(element: HTMLTextAreaElement): string | null {
  if (element.selectionStart !== element.selectionEnd) return null;
  return MENTION_BEING_TYPED.exec(element.value.slice(0, element.selectionStart))?.[1] ?? null;
}

/**
 * A Textarea that suggests members while `@` and at least two letters are typed: a listbox under
 * the box, moved through with the arrow keys, taken with Enter or Tab, closed with Escape.
 * Choosing one completes the name followed by a space. Other keys go to `onKeyDown`. The box stays
 * a textbox (ARIA allows no combobox role on a textarea) that announces the list through
 * aria-autocomplete, aria-controls and aria-activedescendant (docs/decisions/014-mention-suggestions.md).
 */
export function MentionTextarea({ ref, onKeyDown, onBlur, ...props }: ComponentProps<"textarea"> & { ref?: Ref<HTMLTextAreaElement> }) {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const suggestions = useMemberSuggestions(typed);
  const listId = useId();
  const open = typed !== null && typed !== dismissed && suggestions.length > 0;
  const current = Math.min(active, suggestions.length - 1);

  const follow = () => {
    const next = element.current ? mentionAtCaret(element.current) : null;
    if (next !== typed) {
      setTyped(next);
      setActive(0);
    }
  };

  const choose = (username: string) => {
    const box = element.current;
    if (!box || typed === null) return;
    const start = box.selectionStart - typed.length;
    const value = `${box.value.slice(0, start)}${username} ${box.value.slice(box.selectionStart)}`;
    setTextareaValue(box, value, start + username.length + 1);
    setTyped(null);
    box.focus();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const handled = {
        ArrowDown: () => setActive((current + 1) % suggestions.length),
        ArrowUp: () => setActive((current - 1 + suggestions.length) % suggestions.length),
        Enter: () => choose(suggestions[current]!.username),
        Tab: () => choose(suggestions[current]!.username),
        Escape: () => setDismissed(typed),
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
          setTyped(null);
          onBlur?.(event);
        }}
      />
      {open && (
        <MemberSuggestionList id={listId} members={suggestions} current={current} onChoose={(member) => choose(member.username)} onHover={setActive} className="w-64 max-w-full" />
      )}
    </div>
  );
}
