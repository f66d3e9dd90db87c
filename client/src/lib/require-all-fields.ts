import type { FormEvent } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { MISSING_FIELDS } from "@shared/schemas/auth";

/**
 * The submit handler of a form whose every field is required: it is validated as usual (so the
 * fields re-check as they are typed in), a field blank after trimming reads 'Please fill in all
 * fields' under it, and nothing is sent while one is blank. Resolves once `onValid`'s call has.
 */
export function requireAllFields<Input extends FieldValues, Data>(
  form: Pick<UseFormReturn<Input, unknown, Data>, "getValues" | "handleSubmit" | "setError">,
  onValid: (data: Data) => Promise<unknown>,
) {
  return async (event: FormEvent<HTMLFormElement>) => {
    const blank = Object.entries(form.getValues())
      .filter(([, value]) => typeof value !== "string" || value.trim() === "")
      .map(([name]) => name as FieldPath<Input>);
    await form.handleSubmit(async (data) => {
      if (blank.length === 0) await onValid(data);
    })(event);
    for (const name of blank) form.setError(name, { message: MISSING_FIELDS });
  };
}
