import { DELETION_CONTENT_MODES } from "../../member-deletion";
import { EMAIL_NOTIFICATIONS } from "../../email-notifications";
import { z } from "zod";
import { BADGE_TYPES } from "../../constants";
import { THEMES } from "../../theme";
import { ROLES } from "../../roles";
import { avatarSchema, countSchema, idSchema, isoTimeSchema, viewerFlaggedSchema } from "./common";

/** What a member tells about themselves on their profile. */
/** member, moderator or admin; staff are marked next to their name. */
export const roleSchema = z.enum(ROLES).meta({ id: "Role" });

const profileFields = {
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  github: z.string().nullable(),
  discord: z.string().nullable(),
  telegram: z.string().nullable(),
};

/** GET /api/auth/user, and the answer to sign-in, registration and a profile change. */
export const currentUserSchema = z
  .strictObject({
    ...profileFields,
    id: idSchema,
    username: z.string(),
    avatar: avatarSchema,
    isAdmin: z.boolean(),
    role: roleSchema,
    canModerate: z.boolean(),
    isBanned: z.boolean(),
    banExpiresAt: isoTimeSchema.nullable(),
    banReason: z.string().nullable(),
    isSilenced: z.boolean(),
    silencedUntil: isoTimeSchema.nullable(),
    silenceReason: z.string().nullable(),
    hasBio: z.boolean(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    emailNotifications: z.enum(EMAIL_NOTIFICATIONS),
    createdAt: isoTimeSchema,
    postsCount: countSchema,
    invitedByUsername: z.string().nullable(),
    theme: z.enum(THEMES),
    canReview: z.boolean(),
    confirmedUntil: isoTimeSchema.nullable().meta({ description: "Until when this session may make sensitive changes (POST /api/auth/confirm), or null." }),
  })
  .meta({ id: "CurrentUser" });

/** GET /api/users/{username}: never the email; `banReason` only when an administrator asks. */
export const userProfileSchema = z
  .strictObject({
    ...profileFields,
    id: idSchema,
    username: z.string(),
    avatar: avatarSchema,
    createdAt: isoTimeSchema,
    postsCount: countSchema,
    topicsCount: countSchema,
    invitedByUsername: z.string().nullable(),
    hasBio: z.boolean(),
    isAdmin: z.boolean(),
    role: roleSchema,
    isBanned: z.boolean(),
    banExpiresAt: isoTimeSchema.nullable(),
    banReason: z.string().nullable().optional(),
    isSilenced: z.boolean(),
    silencedUntil: isoTimeSchema.nullable(),
    canComment: z.boolean().meta({ description: "Whether the caller may comment on the profile: false when its owner blocked them (staff excepted)." }),
  })
  .meta({ id: "UserProfile" });

const userListItemFields = {
  id: idSchema,
  username: z.string(),
  avatar: avatarSchema,
  isAdmin: z.boolean(),
  role: roleSchema,
  postsCount: countSchema,
  createdAt: isoTimeSchema,
  invitedByUsername: z.string().nullable(),
  hasBio: z.boolean(),
};
export const userListItemSchema = z.strictObject(userListItemFields).meta({ id: "UserListItem" });

/** GET /api/users */
export const usersListSchema = z
  .strictObject({
    users: z.array(userListItemSchema),
    pagination: z.strictObject({
      currentPage: z.int().positive(),
      totalPages: z.int().positive(),
      totalUsers: countSchema,
      hasPrevPage: z.boolean(),
      hasNextPage: z.boolean(),
    }),
    stats: z.strictObject({ totalAdmins: countSchema, totalPosts: countSchema }),
  })
  .meta({ id: "UsersList" });

/** GET /api/user/ban-info: the member's own ban. */
export const banInfoSchema = z
  .strictObject({ isBanned: z.boolean(), banReason: z.string().nullable(), banExpiresAt: isoTimeSchema.nullable(), bannedByUsername: z.string().nullable() })
  .meta({ id: "BanInfo" });

/** GET /api/users/{username}/bio-status */
export const bioStatusSchema = z.strictObject({ hasBio: z.boolean() }).meta({ id: "BioStatus" });

/** One item of GET /api/users/{username}/activity; fields that do not apply to a type are null. */
export const activityItemSchema = z
  .strictObject({
    type: z.enum(["post", "topic", "profile_comment"]),
    id: idSchema,
    createdAt: isoTimeSchema,
    content: z.string().nullable(),
    title: z.string().nullable(),
    topicTitle: z.string().nullable(),
    targetUser: z.string().nullable(),
  })
  .meta({ id: "ActivityItem" });
/** GET /api/users/{username}/activity: a page of the member's activity of all time, newest first. */
export const activityPageSchema = z
  .strictObject({ items: z.array(activityItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: "ActivityPage" });

/** A member's badge; automatic badges are derived, so they have no granter. */
export const userBadgeSchema = z
  .strictObject({ badgeType: z.enum(BADGE_TYPES), grantedAt: isoTimeSchema, grantedByUsername: z.string().nullable(), automatic: z.boolean() })
  .meta({ id: "UserBadge" });

/** A member as the administrators' list shows them. */
export const adminUserSchema = z
  .strictObject({
    ...userListItemFields,
    isBanned: z.boolean(),
    banReason: z.string().nullable(),
    banExpiresAt: isoTimeSchema.nullable(),
    isSilenced: z.boolean(),
    silencedUntil: isoTimeSchema.nullable(),
    silenceReason: z.string().nullable(),
    isOnline: z.boolean(),
    lastSeenAt: isoTimeSchema.nullable(),
    canBan: z.boolean(),
    canBanPermanently: z.boolean(),
    canSilence: z.boolean(),
    canDelete: z.boolean(),
    canChangeRole: z.boolean(),
    canManageInvites: z.boolean(),
  })
  .meta({ id: "AdminUser" });

/** GET /api/admin/users */
export const adminUsersSchema = z
  .strictObject({
    users: z.array(adminUserSchema),
    sections: z
      .strictObject({ members: z.boolean(), invites: z.boolean(), badges: z.boolean(), categories: z.boolean(), actions: z.boolean() })
      .meta({ id: "AdminSections", description: "The parts of the admin area the viewer may use (moderators: the members table)." }),
    totalCount: countSchema,
    totalPages: z.int().positive(),
  })
  .meta({ id: "AdminUsers" });

/** A change to a member by staff (unban, silence, role): what was done, and the member as they now are. */
export const adminUserChangeSchema = z.strictObject({ message: z.string(), user: adminUserSchema }).meta({ id: "AdminUserChange" });

/** POST /api/admin/users/{id}/ban: also how many unused invites of theirs were revoked (`revokeInvites`). */
export const banAnswerSchema = z.strictObject({ message: z.string(), revokedInvites: countSchema, user: adminUserSchema }).meta({ id: "BanAnswer" });

const inviteRelativeSchema = z
  .strictObject({ id: idSchema.nullable(), username: z.string().nullable(), state: z.enum(["active", "banned", "deleted"]) })
  .meta({ id: "InviteRelative", description: "Id and username are null for a member whose deletion has finished." });

/** GET /api/admin/users/{id}/invites: who invited the member and whom they invited. */
export const memberInvitesSchema = z
  .strictObject({ invitedBy: inviteRelativeSchema.nullable(), invitees: z.array(inviteRelativeSchema), unusedInvites: countSchema })
  .meta({ id: "MemberInvites" });

/** DELETE /api/admin/users/{id} and DELETE /api/auth/account: counts of what goes with the member. */
export const deletedMemberSchema = z
  .strictObject({
    message: z.string(),
    content: z.enum(DELETION_CONTENT_MODES).meta({ description: "What became of what they wrote in shared places (docs/product.md \"Content outlives its author\")." }),
    deletedData: z
      .strictObject({ posts: countSchema, topics: countSchema, comments: countSchema, messages: countSchema })
      .meta({ description: "What goes: in anonymize only the comments on their profile; in purge the other members' posts in their topics too." }),
  })
  .meta({ id: "DeletedMember" });

/** A comment on a member's profile. */
export const profileCommentAnswerSchema = z
  .strictObject({
    id: idSchema,
    profileUserId: idSchema,
    authorId: idSchema.nullable().meta({ description: "Null (with the author's name and avatar) once the comment outlived its deleted author." }),
    content: z.string().meta({ description: "The Markdown source, as written." }),
    html: z.string().meta({ description: "The content rendered and sanitized by the server." }),
    hidden: z.boolean().meta({ description: "Hidden after flags until reviewed: content and html are \"\" for everyone but its author and staff." }),
    createdAt: isoTimeSchema,
    authorUsername: z.string().nullable(),
    authorAvatar: avatarSchema,
    authorRole: roleSchema,
    canDelete: z.boolean(),
    viewerFlagged: viewerFlaggedSchema,
  })
  .meta({ id: "ProfileComment" });
