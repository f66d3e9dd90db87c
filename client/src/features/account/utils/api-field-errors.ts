import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { apiErrorMessage, apiValidationIssues } from "@/lib/api-error";

/**
 * Puts a refused request's message under the fields it names (`errors: [{ path }]`), or, when it
 * names none of `fields`, under `fallbackField`.
 */
export function showApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: Path<T>[], fallbackField: Path<T>) {
  const issues = apiValidationIssues(error).filter((issue) => (fields as string[]).includes(issue.path));
  if (issues.length === 0) return setError(fallbackField, { message: apiErrorMessage(error) });
  for (const issue of issues) setError(issue.path as Path<T>, { message: issue.message });
}
