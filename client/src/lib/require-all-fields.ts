import type { FormEvent } from "react";
import { MISSING_FIELDS } from "@shared/schemas/auth";
import { toast } from "./toast";

/**
 * Wraps a form's submit handler for a form whose every field is required: when a field is blank
 * after trimming, a 'Missing information' toast is shown instead, and nothing is validated or sent.
 */
export function requireAllFields(
  getValues: () => Record<string, unknown>,
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const hasBlankField = Object.values(getValues()).some((value) => typeof value !== "string" || value.trim() === "");
    if (hasBlankField) {
      event.preventDefault();
      toast({ variant: "destructive", title: "Missing information", description: MISSING_FIELDS });
      return;
    }
    void onSubmit(event);
  };
}
