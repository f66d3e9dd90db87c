import type { Role } from "../roles";
import type { Theme } from "../theme";
import type { EmailNotifications } from "../email-notifications";

/** What a member tells about themselves on their profile (PATCH /api/auth/profile). */
export interface ProfileFields {
  bio: string | null;
  location: string | null;
  website: string | null;
  twitter: string | null;
  github: string | null;
  discord: string | null;
  telegram: string | null;
}

/** GET /api/auth/user, and the answer to login and registration. */
export interface CurrentUser extends ProfileFields {
  id: number;
  username: string;
  avatar: string | null;
  isAdmin: boolean;
  /** member, moderator or admin (decisions.md "Moderation by the community"). */
  role: Role;
  /** Staff: the member may open the moderation part of the admin area (the members table). */
  canModerate: boolean;
  isBanned: boolean;
  banExpiresAt: string | null;
  banReason: string | null;
  /** Silenced: reads everything, writes nothing until `silencedUntil`. */
  isSilenced: boolean;
  silencedUntil: string | null;
  silenceReason: string | null;
  hasBio: boolean;
  email: string | null;
  /** Whether the address was confirmed by its link: only a verified address gets mail. */
  emailVerified: boolean;
  emailNotifications: EmailNotifications;
  createdAt: string;
  postsCount: number;
  invitedByUsername: string | null;
  /** The look the member chose; a browser that signs in takes it (docs/product.md "Reach"). */
  theme: Theme;
  /** Staff: the review queue (/review) and its pending count in the navigation. */
  canReview: boolean;
  /** Until when this session may make sensitive changes (`POST /api/auth/confirm`), or null. */
  confirmedUntil: string | null;
}

/** GET /api/users/{username}. Never carries the email. */
export interface UserProfile extends ProfileFields {
  id: number;
  username: string;
  avatar: string | null;
  createdAt: string;
  postsCount: number;
  /** Topics they started; `postsCount` counts posts (replies) only. */
  topicsCount: number;
  invitedByUsername: string | null;
  hasBio: boolean;
  isAdmin: boolean;
  role: Role;
  isBanned: boolean;
  banExpiresAt: string | null;
  /** Present only when an admin asks. */
  banReason?: string | null;
  isSilenced: boolean;
  silencedUntil: string | null;
}

export interface UserListItem {
  id: number;
  username: string;
  avatar: string | null;
  isAdmin: boolean;
  role: Role;
  postsCount: number;
  createdAt: string;
  invitedByUsername: string | null;
  hasBio: boolean;
}

/** GET /api/users. */
export interface UsersListResponse {
  users: UserListItem[];
  pagination: {
    currentPage: number;
    totalPages: number;
    totalUsers: number;
    hasPrevPage: boolean;
    hasNextPage: boolean;
  };
  stats: {
    totalAdmins: number;
    totalPosts: number;
  };
}

export interface AdminUser extends UserListItem {
  isBanned: boolean;
  banReason: string | null;
  banExpiresAt: string | null;
  isSilenced: boolean;
  silencedUntil: string | null;
  silenceReason: string | null;
  isOnline: boolean;
  lastSeenAt: string | null;
  /** What the viewer may do to this member, by the server's policies (server/policies/moderation.ts). */
  canBan: boolean;
  /** A ban without an end, or longer than a moderator's 30 days: administrators only. */
  canBanPermanently: boolean;
  canSilence: boolean;
  canDelete: boolean;
  canChangeRole: boolean;
  /** Invites, badges and the member view with invites: administrators only. */
  canManageInvites: boolean;
}

/** GET /api/admin/users. */
export interface AdminUsersResponse {
  users: AdminUser[];
  /** The sections of the admin area the viewer may use (moderators: the members table only). */
  sections: AdminSections;
  totalCount: number;
  totalPages: number;
}

/** GET /api/user/ban-info (the banned member's own ban). */
export interface BanInfo {
  isBanned: boolean;
  banReason: string | null;
  banExpiresAt: string | null;
  bannedByUsername: string | null;
}

/** GET /api/users/{username}/bio-status. */
export interface BioStatusResponse {
  hasBio: boolean;
}

/** DELETE /api/admin/users/{id}: counts of everything removed with the user. */
export interface DeleteUserResponse {
  message: string;
  deletedData: {
    posts: number;
    topics: number;
    comments: number;
  };
}

/** What of the admin area the viewer may use: the navigation shows only these. */
export interface AdminSections {
  members: boolean;
  invites: boolean;
  badges: boolean;
  categories: boolean;
  actions: boolean;
}
