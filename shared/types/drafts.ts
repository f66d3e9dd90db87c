import type { z } from "zod";
import type { draftAnswerSchema } from "../schemas/answers/forum";
/** GET /api/drafts/{key}. */
export type Draft = z.output<typeof draftAnswerSchema>;
