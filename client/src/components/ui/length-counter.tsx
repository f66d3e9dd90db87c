import { cn } from "@/lib/cn";

/** `length/max` under a text box, red once past the limit. */
export function LengthCounter({ length, max, className }: { length: number; max: number; className?: string }) {
  return <span className={cn("tabular-nums", className, length > max && "text-destructive")}>{`${length}/${max}`}</span>;
}
