export interface ProfileComment {
  id: number;
  profileUserId: number;
  authorId: number;
  content: string;
  /** Existing members the content names with `@username`, as they spell their names (shown as profile links). */
  mentions: string[];
  createdAt: string;
  authorUsername: string;
  authorAvatar: string | null;
  /** The viewer may remove it: its author, the profile's owner, or an administrator. */
  canDelete: boolean;
}
