import { z } from "zod";

/** POST /api/upload (201): where the stored file is served. */
export const uploadAnswerSchema = z.strictObject({ url: z.string() }).meta({ id: "Upload" });

/** GET /api/health: the database answers. */
export const healthSchema = z.strictObject({ status: z.literal("ok"), database: z.literal("ok") }).meta({ id: "Health" });
/** GET /api/health → 503: it does not. */
export const healthDegradedSchema = z
  .strictObject({ message: z.string(), status: z.literal("degraded"), database: z.literal("unavailable") })
  .meta({ id: "HealthDegraded" });
