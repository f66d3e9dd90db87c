import type { SessionUser } from "../auth/session-user";

/** Whom an answer is made for: what the policies ask of them (their role, and a silence that takes writing away). */
export type Viewer = Pick<SessionUser, "id" | "isAdmin" | "isModerator" | "silencedUntil">;
