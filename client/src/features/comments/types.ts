import type { CurrentUser } from "@shared/types";

/** Who is reading the profile: the comment form shows them; which comments they may delete comes with each comment. */
export type CommentViewer = Pick<CurrentUser, "id" | "username" | "avatar">;
