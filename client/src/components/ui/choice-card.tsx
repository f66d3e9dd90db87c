import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * One choice of a radio group drawn as a card: the radio, a label and what choosing it means. The
 * radio takes the input's props as given (controlled, or react-hook-form's `register`); `selected`
 * draws the card as the chosen one.
 */
export function ChoiceCard({ label, description, selected, ...input }: ComponentProps<"input"> & { label: string; description: string; selected: boolean }) {
  return (
    <label
      className={cn(
        "flex cursor-pointer gap-3 rounded-control border px-3 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary",
        selected ? "border-primary/60 bg-primary/10" : "border-border hover:border-muted/60",
      )}
    >
      <input type="radio" {...input} className="mt-1 accent-[var(--theme-primary)]" />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted">{description}</span>
      </span>
    </label>
  );
}
