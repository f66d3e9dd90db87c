import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";

/** The red toast for a failed forum call: the given title, the server's message (or the fallback) below. */
export function failureToast(title: string, error: unknown, fallback?: string): void {
  toast({ variant: "destructive", title, description: apiErrorMessage(error, fallback) });
}
