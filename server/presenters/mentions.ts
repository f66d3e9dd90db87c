import { mentionedUsernames } from "@shared/mentions";
import type { MentionedMembers } from "../queries/mentions";

/** The existing members a text names, spelled as they spell themselves: the client links these. */
export function presentMentions(text: string, members: MentionedMembers): string[] {
  return mentionedUsernames(text).flatMap((name) => {
    const username = members.get(name);
    return username === undefined ? [] : [username];
  });
}
