import type { z } from "zod";

/** Messages of every failed rule, in order; [] when the input is valid. */
export function issueMessages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
