import { useId, type ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";
import { Label } from "./label";

/** A form with the standard spacing; the browser's own validation is off (the zod schemas validate). */
export function Form({ className, ...props }: ComponentProps<"form">) {
  return <form noValidate className={cn("flex flex-col gap-4", className)} {...props} />;
}

interface FormFieldProps extends ComponentProps<"input"> {
  label: string;
  /** Shown under the input when there is no error. */
  hint?: string;
  /** The field's validation message; marks the input invalid. */
  error?: string;
}

/** A labelled input with its hint or validation message (accepts react-hook-form's `register(...)`). */
export function FormField({ label, hint, error, id, ...inputProps }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...inputProps}
      />
      {message && (
        <p id={messageId} className={cn("text-xs/5", error ? "text-destructive" : "text-muted")}>
          {message}
        </p>
      )}
    </div>
  );
}
