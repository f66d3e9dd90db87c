import { useId, useRef, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";
import { LengthCounter } from "./length-counter";
import { Label } from "./label";
import { Textarea } from "./textarea";

/**
 * `run`, one call at a time: while the promise of a call is pending, further calls are dropped
 * (they return false). The guard is a ref, set before any async work: a pending flag read from the
 * last render lets a fast double click through twice, as both clicks land before the next render.
 */
export function useOneAtATime<Args extends unknown[]>(run: (...args: Args) => Promise<unknown> | void) {
  const running = useRef(false);
  return (...args: Args): boolean => {
    if (running.current) return false;
    const call = run(...args);
    if (call) {
      running.current = true;
      const release = () => {
        running.current = false;
      };
      call.then(release, release);
    }
    return true;
  };
}

interface FormProps extends Omit<ComponentProps<"form">, "onSubmit"> {
  /**
   * One submission at a time: while the promise it returns is pending (react-hook-form's
   * handleSubmit resolves once its handler's promise does: return the server call's), any further
   * submit is dropped.
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown> | void;
}

/** A form with the standard spacing; the browser's own validation is off (the zod schemas validate). */
export function Form({ className, onSubmit, ...props }: FormProps) {
  const submit = useOneAtATime(onSubmit);
  return (
    <form
      noValidate
      className={cn("flex flex-col gap-4", className)}
      {...props}
      onSubmit={(event) => {
        if (!submit(event)) event.preventDefault();
      }}
    />
  );
}

export interface FieldMessages {
  label: string;
  /** Shown under the control when there is no error. */
  hint?: string;
  /** The field's validation message; marks the control invalid. */
  error?: string;
  /** A limited text's length: a counter shows near the limit (text past it is kept, never cut). */
  counter?: { length: number; max: number; from?: number };
}

interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Label, control and hint-or-error message, wired together by ids. */
export function Field({ label, hint, error, counter, id, children }: FieldMessages & { id?: string; children: (control: ControlProps) => ReactNode }) {
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
      {/* The message and, near a limit, the counter; hidden when there is neither. */}
      <div className="flex items-start justify-between gap-3 text-xs/5 empty:hidden">
        {message && (
          <p id={messageId} className={error ? "text-destructive" : "text-muted"}>
            {message}
          </p>
        )}
        {counter && <LengthCounter {...counter} className="ml-auto text-muted" />}
      </div>
    </div>
  );
}

type FormFieldProps = FieldMessages & ComponentProps<"input">;

/** A labelled input with its hint or validation message (accepts react-hook-form's `register(...)`). */
export function FormField({ label, hint, error, counter, id, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} counter={counter} id={id}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}

type FormTextareaFieldProps = FieldMessages & ComponentProps<"textarea">;

/** A labelled textarea with its hint or validation message (accepts react-hook-form's `register(...)`). */
export function FormTextareaField({ label, hint, error, counter, id, ...textareaProps }: FormTextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} counter={counter} id={id}>
      {(control) => <Textarea {...control} {...textareaProps} />}
    </Field>
  );
}
