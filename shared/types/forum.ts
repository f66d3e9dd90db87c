import type { TopicNotificationLevel } from "../constants";
import type { Role } from "../roles";
import type { Reaction } from "../reactions";

export interface Topic {
  id: number;
  title: string;
  description: string | null;
  createdBy: number;
  /** Its category (GET /api/categories); General unless one was chosen. */
  categoryId: number;
  /** 0-5 tags, lowercase, as normalized on write. */
  tags: string[];
  postsCount: number;
  lastPostAt: string | null;
  isLocked: boolean;
  isPinned: boolean;
  createdAt: string;
  updatedAt: string;
  authorUsername: string;
  authorAvatar: string | null;
  /** Staff are marked next to their name. */
  authorRole: Role;
  /** The viewer may post a reply (the topic is not locked). */
  canReply: boolean;
  /** The viewer may change the title, description, category and tags (the author while unlocked, or staff). */
  canEdit: boolean;
  /** The viewer may pin, lock and delete the topic (staff). */
  canModerate: boolean;
}

/** A topic in the list, with the signed-in member's unread state (docs/notifications.md#unread). */
export interface TopicListItem extends Topic {
  /** Posts after the member's read position, at most 100; 0 for a topic they never opened. */
  unreadCount: number;
  /** Never opened by the member, and created after they joined. */
  isNew: boolean;
  /** The member's notification level of the topic (docs/product.md "Watching, push and install"). */
  notificationLevel: TopicNotificationLevel;
}

/** GET /api/topics/{id}: the topic and how far the member has read it (null: never opened). */
export interface TopicDetail extends Topic {
  lastReadPostId: number | null;
  notificationLevel: TopicNotificationLevel;
}

/** PUT /api/topics/{id}/read */
export interface ReadPosition {
  lastReadPostId: number;
}

export interface Post {
  id: number;
  /** The Markdown source, as written. */
  content: string;
  /** The content rendered and sanitized by the server: the only member-written HTML the client inserts. */
  html: string;
  /** Hidden after flags until reviewed: "" content and html for everyone but its author and staff. */
  hidden: boolean;
  topicId: number;
  authorId: number;
  isEdited: boolean;
  createdAt: string;
  updatedAt: string;
  authorUsername: string;
  authorAvatar: string | null;
  authorRole: Role;
  authorPostsCount: number;
  /** What the viewer may do with this post, by the server's own policy. */
  canEdit: boolean;
  canDelete: boolean;
  /** The viewer may give and take back reactions to it (not their own post). */
  canReact: boolean;
  /** Its reactions with a count, in the set's order; `reacted`: the viewer gave it. */
  reactions: PostReaction[];
  /** The viewer blocked its author: the client collapses it behind "Post by a member you blocked · Show". */
  authorBlocked: boolean;
  /**
   * Its place in the topic, oldest first (#1 onward), as of this answer: a position, not an id, so a
   * deleted post moves the later ones up. Only the `?around=` page carries it, where the client cannot
   * count from the topic's first post; other pages are numbered from their neighbours.
   */
  number?: number;
}

/** One text a post has had: version 1 as first posted, the highest its text now. */
export interface PostRevision {
  version: number;
  content: string;
  html: string;
  /** When this text was written. */
  editedAt: string;
}

/** GET /api/posts/{id}/revisions: newest first, the current text first. */
export interface PostRevisions {
  revisions: PostRevision[];
}

/** POST /api/preview: the text rendered as the caller's. */
export interface Preview {
  html: string;
}

/** One reaction on a post: how many gave it, and whether the viewer did (docs/product.md "Reactions"). */
export interface PostReaction {
  reaction: Reaction;
  count: number;
  reacted: boolean;
}

/** PUT and DELETE /api/posts/{id}/reactions/{reaction}: the post's reactions as they now stand. */
export interface PostReactionsAnswer {
  reactions: PostReaction[];
}

/** GET /api/posts/{id}/reactions: who gave each reaction (those given, in the set's order). */
export interface PostReactors {
  reactions: { reaction: Reaction; members: { id: number; username: string; avatar: string | null }[] }[];
}
