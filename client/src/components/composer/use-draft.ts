import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { DRAFT_SAVE_DELAY_MS } from "@shared/constants";
import { draftQueryKey, fetchDraft, writeDraft } from "./api";

export type DraftStatus = "idle" | "saving" | "saved" | "failed";

interface DraftOptions {
  /** The composer's key (shared/schemas/drafts.ts draftKeys); none: nothing is saved. */
  key: string | undefined;
  /** The text as it is now. */
  value: string;
  /** Puts a saved draft into the box (only while the member has typed nothing). */
  restore: (content: string) => void;
}

/**
 * A composer's draft on the server (docs/product.md "Forum"): restored when the composer opens, on
 * any device; saved DRAFT_SAVE_DELAY_MS after typing stops, at once when the composer closes or the
 * page goes away; deleted when the box is emptied (sending empties it; the server has already
 * deleted the draft of what was posted).
 */
export function useDraft({ key, value, restore }: DraftOptions): DraftStatus {
  const [status, setStatus] = useState<DraftStatus>("idle");
  const [known, setKnown] = useState(false);
  // What the server holds (as far as this composer knows): nothing to save while the text equals it.
  const saved = useRef<string | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; content: string } | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  const draft = useQuery({
    queryKey: draftQueryKey(key ?? ""),
    queryFn: ({ signal }) => fetchDraft(key!, signal),
    enabled: key !== undefined,
    // Read afresh each time a composer opens: another device may have written it.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  // Restored once, when it arrives, unless the member has started typing.
  const valueRef = useRef(value);
  valueRef.current = value;
  useEffect(() => {
    if (saved.current !== null) return;
    // Unreadable: saving still works (what is typed replaces whatever the server holds).
    if (draft.isError) saved.current = "";
    else if (draft.data === undefined) return;
    else saved.current = draft.data?.content ?? "";
    if (draft.data && valueRef.current === "") restoreRef.current(draft.data.content);
    // Text typed before the draft was known is saved now.
    setKnown(true);
  }, [draft.data, draft.isError]);

  useEffect(() => {
    if (key === undefined) return;
    const flush = (keepalive: boolean) => {
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      pending.current = null;
      setStatus("saving");
      saved.current = waiting.content;
      writeDraft(key, waiting.content, { keepalive }).then(
        () => setStatus("saved"),
        () => setStatus("failed"),
      );
    };
    const leave = () => flush(true);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      flush(true);
    };
  }, [key]);

  useEffect(() => {
    // Not before the saved draft is known (it may be about to fill the box), and not for what is already saved.
    if (key === undefined || saved.current === null) return;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    const same = value === saved.current || (value.trim() === "" && saved.current.trim() === "");
    if (same) return;
    const timer = setTimeout(() => {
      pending.current = null;
      setStatus("saving");
      saved.current = value;
      writeDraft(key, value).then(
        () => setStatus("saved"),
        () => setStatus("failed"),
      );
    }, DRAFT_SAVE_DELAY_MS);
    pending.current = { timer, content: value };
  }, [key, value, known]);

  return status;
}
