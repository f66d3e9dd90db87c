import { z } from "zod";
import { REACTIONS } from "../reactions";

/** The `{reaction}` of /api/posts/{id}/reactions/{reaction}: one of the fixed set (else 400). */
export const reactionSchema = z.enum(REACTIONS, { error: "Unknown reaction" });
