import type { AdminUser, Category, CurrentUser, Post, Topic, UserLink } from "@shared/types";

// What the API answers, as component tests hand it to a component or answer it through stubApi:
// whole objects of the answer schemas (shared/schemas/answers/), with the fields a test cares about changed.

const CREATED = "2025-01-01T00:00:00.000Z";

export function currentUser(changes: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    username: "alice",
    avatar: null,
    isAdmin: false,
    role: "member",
    canModerate: false,
    isBanned: false,
    banExpiresAt: null,
    banReason: null,
    isSilenced: false,
    silencedUntil: null,
    silenceReason: null,
    hasBio: false,
    email: null,
    emailVerified: false,
    emailNotifications: "away",
    createdAt: CREATED,
    postsCount: 0,
    invitedByUsername: null,
    theme: "system",
    canReview: false,
    confirmedUntil: null,
    bio: null,
    location: null,
    website: null,
    twitter: null,
    github: null,
    discord: null,
    telegram: null,
    ...changes,
  };
}

export function adminUser(changes: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 12,
    username: "mallory",
    avatar: null,
    isAdmin: false,
    role: "member",
    postsCount: 3,
    createdAt: CREATED,
    invitedByUsername: "alice",
    hasBio: false,
    isBanned: false,
    banReason: null,
    banExpiresAt: null,
    isSilenced: false,
    silencedUntil: null,
    silenceReason: null,
    isOnline: false,
    lastSeenAt: null,
    canBan: true,
    canBanPermanently: true,
    canSilence: true,
    canDelete: true,
    canChangeRole: true,
    canManageInvites: true,
    ...changes,
  };
}

export function topic(changes: Partial<Topic> = {}): Topic {
  return {
    id: 31,
    title: "Welcome",
    description: null,
    descriptionText: null,
    descriptionHtml: null,
    descriptionHidden: false,
    descriptionEdited: false,
    createdBy: 7,
    categoryId: 1,
    tags: [],
    postsCount: 0,
    lastPostAt: null,
    isLocked: false,
    isPinned: false,
    createdAt: CREATED,
    updatedAt: CREATED,
    authorUsername: "alice",
    authorAvatar: null,
    authorRole: "member",
    canReply: true,
    canEdit: true,
    canModerate: false,
    canReact: true,
    reactions: [],
    viewerFlagged: false,
    ...changes,
  };
}

export function userLink(changes: Partial<UserLink> = {}): UserLink {
  return {
    id: 51,
    userId: 7,
    title: "Alpha",
    url: "https://alpha.example/",
    iconType: "built-in",
    iconName: "Globe",
    iconUrl: null,
    displayOrder: 0,
    isVisible: true,
    visibleFrom: null,
    visibleUntil: null,
    createdAt: CREATED,
    ...changes,
  };
}

/** A 400 validation answer: the first issue's message, and every issue by field (docs/product.md "API conventions"). */
export function validationAnswer(issues: Record<string, string>): { status: 400; body: { message: string; errors: { path: string; message: string }[] } } {
  const errors = Object.entries(issues).map(([path, message]) => ({ path, message }));
  return { status: 400, body: { message: errors[0]?.message ?? "Invalid input", errors } };
}

export function category(changes: Partial<Category> = {}): Category {
  return { id: 1, name: "General", slug: "general", description: null, color: "#6366f1", position: 1, topicsCount: 0, readGroups: [], writeGroups: [], canPost: true, ...changes };
}

/** A composer's draft calls (docs/product.md "Forum"): none kept yet, and saves and deletes taken. */
export function draftAnswers(key: string): Record<string, { status: number }> {
  const path = `/api/drafts/${encodeURIComponent(key)}`;
  return { [`GET ${path}`]: { status: 204 }, [`PUT ${path}`]: { status: 204 }, [`DELETE ${path}`]: { status: 204 } };
}

export function post(changes: Partial<Post> = {}): Post {
  return {
    id: 101,
    content: "Hello",
    html: "<p>Hello</p>",
    hidden: false,
    topicId: 31,
    authorId: 7,
    isEdited: false,
    createdAt: CREATED,
    updatedAt: CREATED,
    authorUsername: "alice",
    authorAvatar: null,
    authorRole: "member",
    authorPostsCount: 1,
    canEdit: true,
    canDelete: true,
    canReact: false,
    reactions: [],
    authorBlocked: false,
    bookmarked: false,
    viewerFlagged: false,
    ...changes,
  };
}
