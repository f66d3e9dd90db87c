import type { CurrentUser } from "@shared/types";

/** Who is reading: decides which controls are offered (the server enforces the same rules). */
export type ForumViewer = Pick<CurrentUser, "id" | "isAdmin">;
