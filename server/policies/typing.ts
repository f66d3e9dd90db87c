import { isSilencedNow } from "./silence";

/**
 * Whether "alice is typing…" is passed on for this member (docs/product.md "Live topics"): never
 * for a banned or silenced one, who could not post what they type.
 */
export const canAnnounceTyping = (member: { isBanned: boolean; silencedUntil: Date | null }, now = new Date()) =>
  !member.isBanned && !isSilencedNow(member, now);
