/**
 * Silence (docs/product.md "Moderation by the community"): a silenced member reads everything but cannot post, comment,
 * react, message, flag or edit until `silencedUntil`.
 */
export const isSilencedNow = (member: { silencedUntil: Date | null }, now = new Date()) =>
  member.silencedUntil !== null && member.silencedUntil.getTime() > now.getTime();

/** Why a silenced member's write is refused, or null when they are not silenced. */
export function silenceRefusal(member: { silencedUntil: Date | null }, now = new Date()): string | null {
  if (!isSilencedNow(member, now)) return null;
  return `Your account is silenced until ${member.silencedUntil!.toISOString()}`;
}
