import type { z } from "zod";
import type { ValidationIssue } from "../types/api";

/** The `errors` of a 400 answer: one entry per failed rule, field paths joined with dots. */
export function toValidationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}
