import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";
import { Label } from "./label";
import { Textarea } from "./textarea";

/** A form with the standard spacing; the browser's own validation is off (the zod schemas validate). */
export function Form({ className, ...props }: ComponentProps<"form">) {
  return <form noValidate className={cn("flex flex-col gap-4", className)} {...props} />;
}

interface FieldMessages {
  label: string;
  /** Shown under the control when there is no error. */
  hint?: string;
  /** The field's validation message; marks the control invalid. */
  error?: string;
}

interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Label, control and hint-or-error message, wired together by ids. */
function Field({ label, hint, error, id, children }: FieldMessages & { id?: string; children: (control: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const messageId = `${controlId}-message`;
  const message = error ?? hint;

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": message ? messageId : undefined,
      })}
      {message && (
        <p id={messageId} className={cn("text-xs/5", error ? "text-destructive" : "text-muted")}>
          {message}
        </p>
      )}
    </div>
  );
}

type FormFieldProps = FieldMessages & ComponentProps<"input">;

/** A labelled input with its hint or validation message (accepts react-hook-form's `register(...)`). */
export function FormField({ label, hint, error, id, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}

type FormTextareaFieldProps = FieldMessages & ComponentProps<"textarea">;

/** A labelled textarea with its hint or validation message (accepts react-hook-form's `register(...)`). */
export function FormTextareaField({ label, hint, error, id, ...textareaProps }: FormTextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <Textarea {...control} {...textareaProps} />}
    </Field>
  );
}
