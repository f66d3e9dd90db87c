import type { z } from "zod";
import type { moderationLogSchema } from "../schemas/answers/moderation";
import type { memberInvitesSchema } from "../schemas/answers/users";

/** One entry of GET /api/moderation-log. `targetLabel` names the target and never quotes hidden text. */
export type ModerationLogEntry = ModerationLogResponse["entries"][number];

/** GET /api/moderation-log: newest first; `nextCursor` is null on the last page. */
export type ModerationLogResponse = z.output<typeof moderationLogSchema>;

/** A member as invite accountability shows them: active, banned (now) or deleted. */
export type InviteRelative = MemberInvitesResponse["invitees"][number];

/** GET /api/admin/users/{id}/invites: who invited the member and whom they invited. */
export type MemberInvitesResponse = z.output<typeof memberInvitesSchema>;
