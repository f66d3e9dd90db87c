import { toast } from "@/lib/toast";
import { SHARE_FAILED } from "../messages";

/** Whether the browser has a share sheet (navigator.share) that takes a URL. */
export function canShareUrl(url: string): boolean {
  if (typeof navigator.share !== "function") return false;
  return typeof navigator.canShare !== "function" || navigator.canShare({ url });
}

/** Opens the device's share sheet; closing it without choosing is not an error. */
export async function shareUrl(url: string, title: string): Promise<void> {
  try {
    await navigator.share({ title, url });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return;
    toast({ variant: "destructive", ...SHARE_FAILED });
  }
}
