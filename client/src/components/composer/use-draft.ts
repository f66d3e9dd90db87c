import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { DRAFT_SAVE_DELAY_MS } from "@shared/constants";
import type { DraftTopic } from "@shared/schemas/drafts";
import { draftQueryKey, fetchDraft, onDraftPosted, writeDraft, type DraftFields } from "./api";

export type DraftStatus = "idle" | "saving" | "saved" | "failed";

interface DraftOptions {
  /** The composer's key (shared/schemas/drafts.ts draftKeys); none: nothing is saved. */
  key: string | undefined;
  /** The text as it is now. */
  value: string;
  /** Puts a saved draft into the box (only while the member has typed nothing). */
  restore: (content: string) => void;
  /** The new topic's title, category and tags, kept in its draft beside the text, and put back with it. */
  topic?: { value: DraftTopic; restore: (topic: DraftTopic) => void };
}

const NOTHING: DraftFields = { content: "" };

/** Nothing worth keeping: no text, no title, no tag (a category alone is no draft). */
const isBlank = (draft: DraftFields) => draft.content.trim() === "" && (!draft.topic || (draft.topic.title.trim() === "" && draft.topic.tags.length === 0));

const sameDraft = (a: DraftFields, b: DraftFields) => (isBlank(a) && isBlank(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * Sends the draft (a blank one deletes it) and reports how it went. A blank draft shows no status:
 * an emptied box has nothing kept to speak of.
 */
function send(key: string, draft: DraftFields, keepalive: boolean, report: (status: DraftStatus) => void) {
  const blank = isBlank(draft);
  report(blank ? "idle" : "saving");
  writeDraft(key, draft, { keep: !blank, keepalive }).then(
    () => report(blank ? "idle" : "saved"),
    () => report("failed"),
  );
}

/**
 * A composer's draft on the server (docs/product.md "Forum"): restored when the composer opens, on
 * any device; saved DRAFT_SAVE_DELAY_MS after typing stops, at once when the composer closes or the
 * page goes away; deleted when the box is emptied. When what it drafted is posted, the server
 * deletes the draft and the form says so (draftPosted): nothing is saved after it and no status stays.
 */
export function useDraft({ key, value, restore, topic }: DraftOptions): DraftStatus {
  const [status, setStatus] = useState<DraftStatus>("idle");
  const [known, setKnown] = useState(false);
  // What the server holds (as far as this composer knows): nothing to save while the composer equals it.
  const saved = useRef<DraftFields | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; draft: DraftFields } | null>(null);
  const restoreRef = useRef({ content: restore, topic: topic?.restore });
  restoreRef.current = { content: restore, topic: topic?.restore };

  // What the composer holds now; `shape` changes exactly when it does.
  const current: DraftFields = topic ? { content: value, topic: topic.value } : { content: value };
  const currentRef = useRef(current);
  currentRef.current = current;
  const shape = JSON.stringify(current);

  const draft = useQuery({
    queryKey: draftQueryKey(key ?? ""),
    queryFn: ({ signal }) => fetchDraft(key!, signal),
    enabled: key !== undefined,
    // Read afresh each time a composer opens: another device may have written it.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  // Restored once, when it arrives, unless the member has started writing.
  useEffect(() => {
    if (saved.current !== null) return;
    // Unreadable: saving still works (what is typed replaces whatever the server holds).
    if (draft.isError) saved.current = NOTHING;
    else if (draft.data === undefined) return;
    else saved.current = draft.data ? { content: draft.data.content, ...(draft.data.topic ? { topic: draft.data.topic } : {}) } : NOTHING;
    if (draft.data && isBlank(currentRef.current)) {
      restoreRef.current.content(draft.data.content);
      if (draft.data.topic) restoreRef.current.topic?.(draft.data.topic);
    }
    // What was written before the draft was known is saved now.
    setKnown(true);
  }, [draft.data, draft.isError]);

  useEffect(() => {
    if (key === undefined) return;
    const cancel = () => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
    };
    const flush = (keepalive: boolean) => {
      const waiting = pending.current;
      if (!waiting) return;
      cancel();
      saved.current = waiting.draft;
      send(key, waiting.draft, keepalive, setStatus);
    };
    const leave = () => flush(true);
    // Posted: the server deleted the draft with it; a save still waiting would bring it back.
    const stopListening = onDraftPosted(key, () => {
      cancel();
      saved.current = NOTHING;
      setStatus("idle");
    });
    window.addEventListener("pagehide", leave);
    return () => {
      stopListening();
      window.removeEventListener("pagehide", leave);
      flush(true);
    };
  }, [key]);

  useEffect(() => {
    // Not before the saved draft is known (it may be about to fill the box), and not for what is already saved.
    if (key === undefined || saved.current === null) return;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    const now = currentRef.current;
    // Emptied (sent, or erased): no status stays under the box.
    if (isBlank(now)) setStatus("idle");
    if (sameDraft(now, saved.current)) return;
    const timer = setTimeout(() => {
      pending.current = null;
      saved.current = now;
      send(key, now, false, setStatus);
    }, DRAFT_SAVE_DELAY_MS);
    pending.current = { timer, draft: now };
  }, [key, shape, known]);

  return status;
}
