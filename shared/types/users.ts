import type { Theme } from "../theme";

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
  isBanned: boolean;
  banExpiresAt: string | null;
  banReason: string | null;
  hasBio: boolean;
  email: string | null;
  createdAt: string;
  postsCount: number;
  invitedByUsername: string | null;
  /** The look the member chose; a browser that signs in takes it (docs/product.md "Reach"). */
  theme: Theme;
  /** Staff: the review queue (/review) and its pending count in the navigation. */
  canReview: boolean;
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
  isBanned: boolean;
  banExpiresAt: string | null;
  /** Present only when an admin asks. */
  banReason?: string | null;
}

export interface UserListItem {
  id: number;
  username: string;
  avatar: string | null;
  isAdmin: boolean;
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
  isOnline: boolean;
  lastSeenAt: string | null;
  /** Administrators can be neither banned nor deleted. */
  canBan: boolean;
  canDelete: boolean;
}

/** GET /api/admin/users. */
export interface AdminUsersResponse {
  users: AdminUser[];
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
