import type { DraftTopic } from "../schemas/drafts";

/** GET /api/drafts/{key}: `topic` only in a new-topic draft saved with it. */
export interface Draft {
  content: string;
  topic?: DraftTopic;
  updatedAt: string;
}
