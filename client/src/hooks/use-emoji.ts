import { useEffect, useState } from "react";
import type { EmojiEntry } from "@shared/emoji";
import { loadEmoji } from "@/lib/emoji";

/** The emoji list once `wanted` (loaded on first use, then kept); empty until then. */
export function useEmoji(wanted: boolean): EmojiEntry[] {
  const [entries, setEntries] = useState<EmojiEntry[]>([]);
  useEffect(() => {
    if (!wanted || entries.length > 0) return;
    let live = true;
    void loadEmoji().then((loaded) => live && setEntries(loaded));
    return () => {
      live = false;
    };
  }, [wanted, entries.length]);
  return entries;
}
