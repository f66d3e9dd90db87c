import type { CurrentUser } from "@shared/types";

/** Who is reading the profile: decides whether they may write and which comments they may delete. */
export type CommentViewer = Pick<CurrentUser, "id" | "isAdmin" | "username" | "avatar">;
