export interface ProfileComment {
  id: number;
  profileUserId: number;
  authorId: number;
  content: string;
  createdAt: string;
  authorUsername: string;
  authorAvatar: string | null;
  /** The viewer may remove it: its author, the profile's owner, or an administrator. */
  canDelete: boolean;
}
