import { idParamSchema } from "@shared/schemas/fields";
import { notFound } from "../errors";

/** A path id that is not a positive integer names nothing, so it is answered like a missing row. */
export function parseId(value: unknown, notFoundMessage: string): number {
  const result = idParamSchema.safeParse(value);
  if (!result.success) throw notFound(notFoundMessage);
  return result.data;
}
