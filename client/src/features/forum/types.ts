import type { CurrentUser } from "@shared/types";

/** Who is reading: only to word things as theirs; what they may do comes with each post and topic. */
export type ForumViewer = Pick<CurrentUser, "id">;
