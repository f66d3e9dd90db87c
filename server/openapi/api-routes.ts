import { accountRoutes } from "./account";
import { adminRoutes } from "./admin";
import { authRoutes } from "./auth";
import { bioRoutes } from "./bio";
import { blocksRoutes } from "./blocks";
import { bookmarksRoutes } from "./bookmarks";
import { categoriesRoutes } from "./categories";
import { conversationsRoutes } from "./conversations";
import { draftsRoutes } from "./drafts";
import { emailRoutes } from "./email";
import { groupsRoutes } from "./groups";
import { healthRoutes } from "./health";
import { invitesRoutes } from "./invites";
import { linksRoutes } from "./links";
import { moderationRoutes } from "./moderation";
import { notificationsRoutes } from "./notifications";
import { openApiRoutes } from "./openapi";
import { passkeysRoutes } from "./passkeys";
import { postsRoutes } from "./posts";
import { previewRoutes } from "./preview";
import { pushRoutes } from "./push";
import { profileCommentsRoutes } from "./profile-comments";
import type { RouteDoc } from "./route-doc";
import { searchRoutes } from "./search";
import { sessionsRoutes } from "./sessions";
import { tokensRoutes } from "./tokens";
import { topicsRoutes } from "./topics";
import { twoFactorRoutes } from "./two-factor";
import { uploadsRoutes } from "./uploads";
import { usersRoutes } from "./users";
import { watchedWordsRoutes } from "./watched-words";
import { yourDataRoutes } from "./your-data";

/**
 * Every route under /api, by resource, in the reference's order. A new route needs its entry here
 * (server/openapi/openapi.test.ts fails until the router and these lists agree).
 */
export const API_RESOURCES: { name: string; routes: RouteDoc[] }[] = [
  { name: "Sign-in", routes: authRoutes },
  { name: "Account", routes: accountRoutes },
  { name: "Sessions", routes: sessionsRoutes },
  { name: "Two-factor sign-in", routes: twoFactorRoutes },
  { name: "Passkeys", routes: passkeysRoutes },
  { name: "Email", routes: emailRoutes },
  { name: "Personal access tokens", routes: tokensRoutes },
  { name: "Your data", routes: yourDataRoutes },
  { name: "Topics", routes: topicsRoutes },
  { name: "Posts and reactions", routes: postsRoutes },
  { name: "Categories and tags", routes: categoriesRoutes },
  { name: "Drafts", routes: draftsRoutes },
  { name: "Preview", routes: previewRoutes },
  { name: "Search", routes: searchRoutes },
  { name: "Notifications", routes: notificationsRoutes },
  { name: "Bookmarks", routes: bookmarksRoutes },
  { name: "Watching and push", routes: pushRoutes },
  { name: "Private messages", routes: conversationsRoutes },
  { name: "Blocks", routes: blocksRoutes },
  { name: "Members", routes: usersRoutes },
  { name: "Profile comments", routes: profileCommentsRoutes },
  { name: "Invites", routes: invitesRoutes },
  { name: "Bio cards", routes: bioRoutes },
  { name: "Bio card links", routes: linksRoutes },
  { name: "Uploads", routes: uploadsRoutes },
  { name: "Moderation", routes: moderationRoutes },
  { name: "Administration", routes: adminRoutes },
  { name: "Watched words", routes: watchedWordsRoutes },
  { name: "Groups", routes: groupsRoutes },
  { name: "Health", routes: healthRoutes },
  { name: "This reference", routes: openApiRoutes },
];
