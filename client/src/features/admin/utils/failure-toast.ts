import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";

/** The red toast for a failed admin call: the given title, the server's message (or the fallback) below. */
export function failureToast(title: string, error: unknown, fallback?: string): void {
  toast({ variant: "destructive", title, description: apiErrorMessage(error, fallback) });
}

/** A success toast: short title, optional detail. */
export function successToast(title: string, description?: string): void {
  toast({ title, description });
}
