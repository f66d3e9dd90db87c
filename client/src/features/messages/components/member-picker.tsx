import { useId, useState, type KeyboardEvent } from "react";
import type { MemberSearchResult } from "@shared/types";
import { Input } from "@/components/ui/input";
import { MemberSuggestionList } from "@/components/member-suggestion-list";
import { useMemberSuggestions } from "@/hooks/use-member-suggestions";

interface MemberPickerProps {
  /** Names the box ('Add a member'). */
  label: string;
  placeholder?: string;
  /** Members not to suggest (already chosen, the viewer). */
  exclude: (member: MemberSearchResult) => boolean;
  onPick: (member: MemberSearchResult) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Marks the box invalid (a chosen member refused). */
  invalid?: boolean;
  /** The id of the message under the box. */
  describedBy?: string;
}

/**
 * A text box suggesting members as a name is typed (the composer's `@` search): a combobox whose
 * listbox is moved through with the arrow keys, taken with Enter, closed with Escape.
 */
export function MemberPicker({ label, placeholder, exclude, onPick, disabled, autoFocus, invalid, describedBy }: MemberPickerProps) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const suggestions = useMemberSuggestions(text.trim() || null).filter((member) => !exclude(member));
  const listId = useId();
  const showing = open && suggestions.length > 0;
  const current = Math.min(active, suggestions.length - 1);

  const pick = (member: MemberSearchResult) => {
    onPick(member);
    setText("");
    setActive(0);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showing) return;
    const handled = {
      ArrowDown: () => setActive((current + 1) % suggestions.length),
      ArrowUp: () => setActive((current - 1 + suggestions.length) % suggestions.length),
      Enter: () => pick(suggestions[current]!),
      Escape: () => setOpen(false),
    }[event.key];
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
      handled();
    }
  };

  return (
    <div className="relative">
      <Input
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={showing ? listId : undefined}
        aria-activedescendant={showing ? `${listId}-${current}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={keyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      {showing && <MemberSuggestionList id={listId} members={suggestions} current={current} onChoose={pick} onHover={setActive} className="w-full" />}
    </div>
  );
}
