/**
 * The signed-in app's screens, by path (wouter patterns: `:name` is one segment). The client's
 * router declares its routes from this list and the server answers 200 for these paths (404 for any
 * other page path that is not a public card), so the two cannot drift apart.
 */
export const CLIENT_ROUTES = {
  home: "/",
  login: "/login",
  register: "/register",
  banned: "/banned",
  unauthorized: "/unauthorized",
  dashboard: "/dashboard",
  bio: "/bio",
  forum: "/forum",
  category: "/c/:slug",
  tag: "/tag/:name",
  search: "/search",
  notifications: "/notifications",
  notificationSettings: "/settings/notifications",
  /** A member's bookmarked posts (docs/product.md "Bookmarks and reminders"). */
  bookmarks: "/bookmarks",
  messages: "/messages",
  conversation: "/messages/:id",
  topic: "/topic/:id",
  user: "/user/:username",
  userlist: "/userlist",
  admin: "/admin",
  adminMail: "/admin/mail",
  /** Watched words (docs/product.md "Watched words"). */
  adminWatchedWords: "/admin/watched-words",
  // The links mails carry (server/mail/templates.ts).
  verifyEmail: "/verify-email",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  unsubscribe: "/unsubscribe",
  /** The public moderation log (docs/product.md "Moderation by the community"). */
  moderation: "/moderation",
  review: "/review",
} as const;

/** A pattern as a RegExp, matched as wouter matches it: case-insensitive, an optional trailing slash. */
const routePattern = (route: string) =>
  new RegExp(`^${route.replace(/\/$/, "").replace(/:\w+/g, "[^/]+").replace(/\//g, "\\/")}\\/?$`, "i");

const CLIENT_ROUTE_PATTERNS = Object.values(CLIENT_ROUTES).map(routePattern);

/** Whether a path (without its query) is one of the app's screens. */
export const isClientRoute = (path: string) => CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(path));
