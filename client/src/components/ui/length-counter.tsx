import { cn } from "@/lib/cn";

/** By default the counter shows from this share of the limit on: most texts are far from it. */
const NEAR_LIMIT = 0.9;

interface LengthCounterProps {
  length: number;
  max: number;
  /** The share of `max` from which the counter shows (0: always). */
  from?: number;
  className?: string;
}

/** `length/max` beside a limited text box, red once past the limit; nothing while far from it. */
export function LengthCounter({ length, max, from = NEAR_LIMIT, className }: LengthCounterProps) {
  if (length < max * from) return null;
  return <span className={cn("tabular-nums", className, length > max && "text-destructive")}>{`${length}/${max}`}</span>;
}
