import type { Draft } from "@shared/types";
import type { DraftRow } from "../queries/drafts";
import { isoTime } from "./iso-time";

export function presentDraft(draft: DraftRow): Draft {
  return { content: draft.content, ...(draft.topic ? { topic: draft.topic } : {}), updatedAt: isoTime(draft.updatedAt) };
}
