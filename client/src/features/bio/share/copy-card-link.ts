import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";
import { COPY_FAILED, LINK_COPIED } from "../messages";

/** Copies the card's URL and says so in a toast (or that it could not). */
export async function copyCardLink(url: string): Promise<void> {
  toast((await copyText(url)) ? LINK_COPIED : { variant: "destructive", ...COPY_FAILED });
}
