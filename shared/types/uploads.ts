import type { z } from "zod";
import type { uploadAnswerSchema } from "../schemas/answers/misc";
/** POST /api/upload (201). */
export type UploadResponse = z.output<typeof uploadAnswerSchema>;
