import type { Conversation, ConversationMember } from "@shared/types";

/** The members of a conversation other than the viewer, in the order they joined. */
export function otherParticipants(conversation: Pick<Conversation, "participants">, viewerId: number): ConversationMember[] {
  return conversation.participants.filter((member) => member.id !== viewerId);
}

/** 'ann', 'ann and bob', 'ann, bob and cy'. */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a conversation is called: its title, else the names of the others (just 'You' when all have left). */
export function conversationName(conversation: Pick<Conversation, "title" | "participants">, viewerId: number): string {
  if (conversation.title) return conversation.title;
  const others = otherParticipants(conversation, viewerId).map((member) => member.username);
  return others.length > 0 ? joinNames(others) : "You";
}
