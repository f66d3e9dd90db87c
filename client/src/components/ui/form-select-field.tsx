import type { ComponentProps } from "react";
import { Field, type FieldMessages } from "./form";
import { Select } from "./select";

type FormSelectFieldProps = Omit<FieldMessages, "counter"> & ComponentProps<"select">;

/** A labelled select with its hint or validation message (beside form.tsx, so forms without one do not load it). */
export function FormSelectField({ label, hint, error, id, ...selectProps }: FormSelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <Select {...control} {...selectProps} />}
    </Field>
  );
}
