import { useState } from "react";
import { useEmoji } from "@/hooks/use-emoji";
import { searchEmoji } from "@/lib/emoji";

/** Emojibase's groups as the picker names them (2, components, is left out). */
const GROUPS: [number, string][] = [
  [0, "Smileys"],
  [1, "People"],
  [3, "Animals and nature"],
  [4, "Food and drink"],
  [5, "Travel and places"],
  [6, "Activities"],
  [7, "Objects"],
  [8, "Symbols"],
  [9, "Flags"],
];

/**
 * The composer's emoji picker (docs/product.md "Rich content"): a search box and the emoji by group;
 * choosing one inserts its `:shortcode:` at the caret. Loaded, with the emoji list, when first opened.
 */
export default function EmojiPicker({ onChoose }: { onChoose: (shortcode: string) => void }) {
  const entries = useEmoji(true);
  const [query, setQuery] = useState("");
  const found = query.trim().length > 0 ? searchEmoji(entries, query.trim(), 60) : null;
  const button = (entry: (typeof entries)[number]) => (
    <button
      key={entry.emoji}
      type="button"
      className="grid size-8 place-items-center rounded-control text-xl leading-none hover:bg-primary/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
      aria-label={`:${entry.shortcodes[0]}:`}
      title={`:${entry.shortcodes[0]}:`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(`:${entry.shortcodes[0]}:`)}
    >
      {entry.emoji}
    </button>
  );
  return (
    <div role="dialog" aria-label="Emoji" className="absolute right-0 top-full z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-control border border-border bg-surface-raised p-2 shadow-lg">
      <input
        type="search"
        aria-label="Search emoji"
        placeholder="Search emoji"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="mb-2 w-full rounded-control border border-border bg-surface px-2 py-1 text-sm"
        autoFocus
      />
      <div className="max-h-64 overflow-y-auto">
        {entries.length === 0 && <p className="p-2 text-sm text-muted">Loading…</p>}
        {found ? (
          <div className="flex flex-wrap">{found.map(button)}</div>
        ) : (
          GROUPS.map(([group, name]) => (
            <section key={group} aria-label={name}>
              <h3 className="px-1 pt-1 text-xs text-muted">{name}</h3>
              <div className="flex flex-wrap">{entries.filter((entry) => entry.group === group).map(button)}</div>
            </section>
          ))
        )}
      </div>
    </div>
  );
}
