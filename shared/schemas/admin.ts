import { z } from "zod";
import { BADGE_TYPES, MANUAL_BADGE_TYPES, MAX_PAGE_SIZE, TEXT_LIMITS } from "../constants";
import { DELETION_CONTENT_MODES } from "../member-deletion";
import { idParamSchema, ISO_DATE_TIME_WITH_OFFSET, NOT_BLANK, pageSizeSchema, paginationQuerySchema } from "./fields";

/** POST /api/admin/users/{id}/ban. No `expiresAt` means a permanent ban. */
export const banUserSchema = z.strictObject({
  reason: z.string({ error: "Ban reason is required" }).trim().min(1, "Ban reason is required").max(TEXT_LIMITS.banReason, "Ban reason too long").meta(NOT_BLANK),
  expiresAt: z.iso
    .datetime({ offset: true, error: "Invalid expiry date", abort: true })
    .refine((value) => Date.parse(value) > Date.now(), "Ban expiry must be in the future")
    .meta(ISO_DATE_TIME_WITH_OFFSET)
    .optional(),
  /** Also revoke the member's unused invites (docs/product.md "Admin"). */
  revokeInvites: z.boolean("revokeInvites must be true or false").optional(),
});
export type BanUserInput = z.input<typeof banUserSchema>;
export type BanUserData = z.output<typeof banUserSchema>;

/** A badge an admin may grant or remove; automatic ones are derived and never granted. */
export const manualBadgeTypeSchema = z.enum(MANUAL_BADGE_TYPES, {
  error: (issue) => ((BADGE_TYPES as readonly unknown[]).includes(issue.input) ? "Automatic badges cannot be granted or removed" : "Invalid badge type"),
});

export const grantBadgeSchema = z.strictObject({ badgeType: manualBadgeTypeSchema });
export type GrantBadgeInput = z.input<typeof grantBadgeSchema>;
export type GrantBadgeData = z.output<typeof grantBadgeSchema>;

/** DELETE /api/admin/users/{id}/badges/{badgeType}. */
export const badgeParamsSchema = z.object({ id: idParamSchema, badgeType: manualBadgeTypeSchema });

/** GET /api/admin/users: search matches a username or a UID. */
export const adminUsersQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(TEXT_LIMITS.adminSearch, "Search too long").optional(),
});
export type AdminUsersQueryInput = z.input<typeof adminUsersQuerySchema>;
export type AdminUsersQueryData = z.output<typeof adminUsersQuerySchema>;

/** GET /api/admin/actions: the newest `limit` actions. */
export const adminActionsQuerySchema = z.object({ limit: pageSizeSchema(20, MAX_PAGE_SIZE) });

/** What a member's deletion does with what they wrote (docs/product.md "Content outlives its author"). */
const deletionContentSchema = z
  .enum(DELETION_CONTENT_MODES, { error: "content must be anonymize, erase or purge" })
  .meta({ description: "anonymize, erase (the default) or purge (spam: their topics go with every reply)." });
/** DELETE /api/admin/users/{id}: the body (optional, `{}` or none at all). */
export const deleteMemberSchema = z.strictObject({ content: deletionContentSchema.optional() });
export type DeleteMemberInput = z.input<typeof deleteMemberSchema>;
/** DELETE /api/admin/users/{id}?content=: the same choice in the query. */
export const deleteMemberQuerySchema = z.object({ content: deletionContentSchema.optional() });
