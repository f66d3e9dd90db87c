export interface ProfileComment {
  id: number;
  profileUserId: number;
  authorId: number;
  content: string;
  createdAt: string;
  authorUsername: string;
  authorAvatar: string | null;
}
