import { MAX_MENTIONS_PER_TEXT, mentionedUsernames } from "@shared/mentions";
import { NOTHING_KNOWN, renderEnv } from "./context";
import { markdown } from "./parser";

/**
 * The distinct usernames (lower-cased, the first MAX_MENTIONS_PER_TEXT) a Markdown text mentions
 * where a mention shows as one: in its text, not in code and not inside a link. Who is notified of a
 * post or comment, so that nobody is told of an `@name` that shows as code.
 */
export function markdownMentions(source: string): string[] {
  if (!source.includes("@")) return [];
  const names = new Set<string>();
  for (const block of markdown.parse(source, renderEnv(NOTHING_KNOWN))) {
    let linkDepth = 0;
    for (const token of block.children ?? []) {
      if (token.type === "link_open") linkDepth += 1;
      if (token.type === "link_close") linkDepth -= 1;
      if (token.type !== "text" || linkDepth > 0) continue;
      for (const name of mentionedUsernames(token.content)) {
        names.add(name);
        if (names.size === MAX_MENTIONS_PER_TEXT) return [...names];
      }
    }
  }
  return [...names];
}
