import { useController, useFormContext } from "react-hook-form";
import type { BioFormValues } from "./form-values";

/** A controlled field of the editor's form: its value, a setter that marks the form dirty, and its error. */
export function useBioField<K extends keyof BioFormValues>(name: K) {
  const { control } = useFormContext<BioFormValues>();
  const { field, fieldState } = useController<BioFormValues, K>({ name, control });
  return {
    value: field.value as BioFormValues[K],
    onChange: (value: BioFormValues[K]) => field.onChange(value),
    error: fieldState.error?.message,
  };
}
