import type { Role } from "../roles";

export interface ProfileComment {
  id: number;
  profileUserId: number;
  authorId: number;
  /** The Markdown source, as written. */
  content: string;
  /** The content rendered and sanitized by the server: the only member-written HTML the client inserts. */
  html: string;
  /** Hidden after flags until reviewed: "" content and html for everyone but its author and staff. */
  hidden: boolean;
  createdAt: string;
  authorUsername: string;
  authorAvatar: string | null;
  authorRole: Role;
  /** The viewer may remove it: its author, the profile's owner, or an administrator. */
  canDelete: boolean;
}
