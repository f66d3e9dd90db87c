import type { z } from "zod";
import type { profileCommentAnswerSchema } from "../schemas/answers/users";

export type ProfileComment = z.output<typeof profileCommentAnswerSchema>;
