import { NOTHING_KNOWN, renderEnv } from "./context";
import { previewUrlsOf } from "./onebox";
import { markdown } from "./parser";

/** The URLs a Markdown text shows alone on a line, the ones it would preview (docs/product.md "Rich content"). */
export function previewUrlsIn(source: string): string[] {
  if (!/https?:/i.test(source)) return [];
  return previewUrlsOf(markdown.parse(source, renderEnv(NOTHING_KNOWN)));
}
