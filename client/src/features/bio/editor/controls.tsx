import { ChevronDown } from "lucide-react";
import { useId, type CSSProperties, type ReactNode } from "react";
import { BIO_SLIDER_RANGES, type BioSliderField } from "@shared/constants";
import { isHexColor, safeHex } from "@shared/bio-card/card-colors";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";

/** A titled group of controls inside a tab. */
export function Section({ title, description, children, className }: { title: string; description?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("flex flex-col gap-4", className)}>
      <header>
        <h3 className="text-sm font-semibold tracking-tight">{title}</h3>
        {description && <p className="mt-0.5 text-xs text-muted">{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** 'n/max', in the warning colour once past `warnAbove`. */
export function CharacterCounter({ length, max, warnAbove, id }: { length: number; max: number; warnAbove?: number; id?: string }) {
  const warn = warnAbove !== undefined && length > warnAbove;
  // Text past the limit is kept (never cut as it is typed or pasted): the counter turns red and saving says why.
  const over = length > max;
  return (
    <span
      id={id}
      data-warning={warn || undefined}
      className={cn("text-xs tabular-nums", over ? "font-medium text-destructive" : warn ? "font-medium text-amber-400 light:text-amber-800" : "text-muted")}
    >
      {length}/{max}
    </span>
  );
}

/** A field's validation message under it. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs/5 text-destructive">
      {message}
    </p>
  );
}

interface SliderFieldProps {
  name: BioSliderField;
  value: number;
  onChange: (value: number) => void;
  unit: "px" | "%";
}

/** A range slider with the range and step of shared BIO_SLIDER_RANGES, its value shown beside the label. */
export function SliderField({ name, value, onChange, unit }: SliderFieldProps) {
  const id = useId();
  const { label, min, max, step } = BIO_SLIDER_RANGES[name];
  const fill = max > min ? ((value - min) / (max - min)) * 100 : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="rounded-md bg-surface-raised px-1.5 py-0.5 text-xs tabular-nums text-muted">
          {value}
          {unit}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.valueAsNumber)}
        aria-valuetext={`${value}${unit}`}
        className="bio-range w-full"
        style={{ "--fill": `${Math.min(100, Math.max(0, fill))}%` } as CSSProperties}
      />
    </div>
  );
}

interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown in the picker while the typed value is not a valid colour. */
  fallback: string;
  error?: string;
}

/** A colour picker and a hex text input for the same value. */
export function ColorField({ label, value, onChange, fallback, error }: ColorFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const invalid = !isHexColor(value);
  const message = error ?? (invalid ? "Color must be a hex value like #6366f1" : undefined);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={safeHex(value, fallback)}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label} picker`}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-control border border-border bg-background p-1 [&::-webkit-color-swatch]:rounded-[5px] [&::-webkit-color-swatch]:border-0 [&::-webkit-color-swatch-wrapper]:p-0"
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className="font-mono"
        />
      </div>
      <FieldError id={messageId} message={message} />
    </div>
  );
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}

/** A native select (good on phones and with the keyboard), styled like the inputs. */
export function SelectField<T extends string>({ label, value, options, labels, onChange }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as T)}
          className="h-10 w-full cursor-pointer appearance-none rounded-control border border-border bg-background pr-9 pl-3 text-sm text-foreground transition-colors focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none"
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
      </div>
    </div>
  );
}
