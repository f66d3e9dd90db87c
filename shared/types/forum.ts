export interface Topic {
  id: number;
  title: string;
  description: string | null;
  createdBy: number;
  postsCount: number;
  lastPostAt: string | null;
  isLocked: boolean;
  isPinned: boolean;
  createdAt: string;
  updatedAt: string;
  authorUsername: string;
  authorAvatar: string | null;
}

export interface Post {
  id: number;
  content: string;
  topicId: number;
  authorId: number;
  isEdited: boolean;
  createdAt: string;
  updatedAt: string;
  authorUsername: string;
  authorAvatar: string | null;
  authorPostsCount: number;
}
