import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

interface SubmitButtonProps {
  /** While true the button is disabled and reads `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}

/** A form's full-width submit button with its pending state. */
export function SubmitButton({ pending, pendingLabel, children, className }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending} className={cn("w-full", className)}>
      {pending ? (
        <>
          <LoaderCircle className="animate-spin" aria-hidden />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
