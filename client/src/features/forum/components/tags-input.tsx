import { X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { Label } from "@/components/ui/label";
import { MAX_TOPIC_TAGS } from "@shared/constants";
import { cn } from "@/lib/cn";
import { countLabel } from "@/lib/count-label";
import { useTags } from "../api/get-tags";
import { addTag } from "../utils/tag-input";

interface TagsInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** A message from the form's validation. */
  error?: string;
}

/** A tag being typed that may be looked up: what the server could store, so far. */
const SUGGESTIBLE = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Up to five tags as removable chips, and a box that suggests used tags as one types
 * (GET /api/tags?q=; arrows and Enter pick one). Enter, comma or Tab adds what was typed,
 * normalized as the server will (lowercase); a tag it would refuse is refused here with the reason.
 */
export function TagsInput({ value, onChange, error }: TagsInputProps) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string>();
  const [active, setActive] = useState(-1);
  const q = typed.trim().toLowerCase();
  const full = value.length >= MAX_TOPIC_TAGS;
  const { data: found = [] } = useTags(q, { enabled: q !== "" && SUGGESTIBLE.test(q) });
  const suggestions = q === "" ? [] : found.filter((tag) => tag.name.startsWith(q) && !value.includes(tag.name)).slice(0, 8);
  const open = suggestions.length > 0 && !full;
  const message = problem ?? error;

  const add = (text: string) => {
    const result = addTag(value, text);
    setProblem(result.error);
    if (!result.error) {
      setTyped("");
      setActive(-1);
      if (result.tags.length !== value.length) onChange(result.tags);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && open) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === "Enter" || event.key === "," || (event.key === "Tab" && q !== "")) {
      if (q === "" && event.key === "Enter") return;
      event.preventDefault();
      add(open && active >= 0 ? suggestions[active]!.name : typed);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setTyped("");
    } else if (event.key === "Backspace" && typed === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Tags</Label>
      <div className="relative">
        <div
          className={cn(
            "flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-control border border-border bg-background px-2 py-1.5 transition-colors",
            "focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30",
            message && "border-destructive",
          )}
        >
          {value.map((tag) => (
            <span key={tag} className="inline-flex items-center gap-1 rounded-md bg-surface-raised py-0.5 pr-0.5 pl-2 text-xs font-medium">
              #{tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((other) => other !== tag))}
                className="grid size-5 cursor-pointer place-items-center rounded text-muted hover:bg-border hover:text-foreground"
              >
                <X className="size-3" aria-hidden />
              </button>
            </span>
          ))}
          <input
            id={id}
            role="combobox"
            aria-expanded={open}
            aria-controls={`${id}-suggestions`}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-message`}
            autoComplete="off"
            disabled={full}
            value={typed}
            placeholder={full ? "" : value.length === 0 ? "Add up to 5 tags" : "Add a tag"}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(undefined);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => typed.trim() !== "" && add(typed)}
            className="h-7 min-w-24 flex-1 bg-transparent px-1 text-sm text-foreground placeholder:text-muted focus:outline-none disabled:hidden"
          />
        </div>
        {open && (
          <ul
            id={`${id}-suggestions`}
            role="listbox"
            aria-label="Tag suggestions"
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-56 overflow-y-auto rounded-control border border-border bg-surface p-1 shadow-lg"
          >
            {suggestions.map((tag, index) => (
              <li
                key={tag.name}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                // Before the input's blur, which would add the typed text instead.
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(tag.name);
                }}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-2.5 py-1.5 text-sm",
                  index === active ? "bg-primary/15 text-foreground" : "hover:bg-surface-raised",
                )}
              >
                <span className="truncate">#{tag.name}</span>
                <span className="shrink-0 text-xs text-muted tabular-nums">{countLabel(tag.topicsCount, "topic")}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={`${id}-message`} className={cn("text-xs/5", message ? "text-destructive" : "text-muted")}>
        {message ?? `${value.length}/${MAX_TOPIC_TAGS} · Enter or comma adds a tag`}
      </p>
    </div>
  );
}
