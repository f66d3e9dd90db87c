import type { MarkdownIt } from "markdown-it";
import type { Token } from "markdown-it";
import { splitMentions } from "@shared/mentions";
import { contextOf } from "./context";

/**
 * `@username` of an existing member becomes `<a class="mention" href="/user/{username}">` spelled
 * as the member spells it. Only in ordinary text: code is never text tokens, and text inside a link
 * is left alone (a link holds no other link).
 */
export function linkMentions(md: MarkdownIt): void {
  md.core.ruler.push("mentions", (state) => {
    const { members } = contextOf(state.env);
    if (members.size === 0) return;
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      let linkDepth = 0;
      block.children = block.children.flatMap((token) => {
        if (token.type === "link_open") linkDepth += 1;
        if (token.type === "link_close") linkDepth -= 1;
        if (token.type !== "text" || linkDepth > 0) return [token];
        return splitMentions(token.content).flatMap((part) => mentionTokens(state.Token, part.text, part.mention && members.get(part.mention.toLowerCase())));
      });
    }
  });
}

type TokenClass = new (type: string, tag: string, nesting: Token["nesting"]) => Token;

function mentionTokens(TokenOf: TokenClass, text: string, username: string | undefined): Token[] {
  const textToken = new TokenOf("text", "", 0);
  textToken.content = text;
  if (username === undefined) return [textToken];
  const open = new TokenOf("link_open", "a", 1);
  open.attrs = [["href", `/user/${username}`], ["class", "mention"]];
  return [open, textToken, new TokenOf("link_close", "a", -1)];
}
