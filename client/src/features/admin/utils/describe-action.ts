import { BADGES, BADGE_TYPES, type BadgeType } from "@shared/constants";
import type { AdminActionType } from "@shared/types";
import { formatDateTime } from "@/lib/format-date";

/** An ISO 8601 timestamp inside a text, e.g. a ban's end in 'Spam (until 2026-03-06T12:00:00.000Z)'. */
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;

/**
 * How an audit entry reads: '<admin> <verb> [<target>]', e.g. 'Founder banned alice',
 * 'Founder granted a badge to bob', 'Founder purged expired invites'. `target` says whether the
 * member's name follows (not for actions on invites as a whole).
 */
const ACTION_PHRASES: Record<AdminActionType, { verb: string; target: boolean }> = {
  ban: { verb: "banned", target: true },
  unban: { verb: "unbanned", target: true },
  delete_user: { verb: "deleted", target: true },
  grant_badge: { verb: "granted a badge to", target: true },
  remove_badge: { verb: "removed a badge from", target: true },
  create_invite: { verb: "created an invite", target: false },
  create_user_invite: { verb: "created an invite for", target: true },
  invite_wave: { verb: "sent an invite wave", target: false },
  delete_invite: { verb: "deleted an invite", target: false },
  purge_expired_invites: { verb: "purged expired invites", target: false },
  purge_active_invites: { verb: "purged active invites", target: false },
};

export function actionPhrase(action: AdminActionType): { verb: string; target: boolean } {
  return ACTION_PHRASES[action] ?? { verb: action.replaceAll("_", " "), target: true };
}

function isBadgeType(value: string): value is BadgeType {
  return (BADGE_TYPES as readonly string[]).includes(value);
}

/**
 * The entry's details as shown: a badge type becomes its label ('verified' → 'Verified') and
 * timestamps read like every other date of the site ('Mar 06, 2026 at 12:00', local time).
 */
export function actionDetails(action: AdminActionType, details: string | null): string | null {
  const text = details?.trim();
  if (!text) return null;
  if ((action === "grant_badge" || action === "remove_badge") && isBadgeType(text)) return BADGES[text].label;
  return text.replace(ISO_TIMESTAMP, (timestamp) => (Number.isNaN(Date.parse(timestamp)) ? timestamp : formatDateTime(timestamp)));
}
