import type { z } from "zod";
import type { adminUserSchema, adminUsersSchema, banInfoSchema, bioStatusSchema, currentUserSchema, deletedMemberSchema, userListItemSchema, userProfileSchema, usersListSchema } from "../schemas/answers/users";

/** What a member tells about themselves on their profile (PATCH /api/auth/profile). */
export type ProfileFields = Pick<UserProfile, "bio" | "location" | "website" | "twitter" | "github" | "discord" | "telegram">;

/** GET /api/auth/user, and the answer to login and registration. */
export type CurrentUser = z.output<typeof currentUserSchema>;

/** GET /api/users/{username}. Never carries the email. */
export type UserProfile = z.output<typeof userProfileSchema>;

export type UserListItem = z.output<typeof userListItemSchema>;

/** GET /api/users. */
export type UsersListResponse = z.output<typeof usersListSchema>;

export type AdminUser = z.output<typeof adminUserSchema>;

/** GET /api/admin/users. */
export type AdminUsersResponse = z.output<typeof adminUsersSchema>;

/** GET /api/user/ban-info (the banned member's own ban). */
export type BanInfo = z.output<typeof banInfoSchema>;

/** GET /api/users/{username}/bio-status. */
export type BioStatusResponse = z.output<typeof bioStatusSchema>;

/** DELETE /api/admin/users/{id}: counts of everything removed with the user. */
export type DeleteUserResponse = z.output<typeof deletedMemberSchema>;

/** What of the admin area the viewer may use: the navigation shows only these. */
export type AdminSections = AdminUsersResponse["sections"];
