import { lazy, Suspense, type ComponentType } from "react";
import { Route, Switch, useLocation } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { isBanned } from "@/lib/is-banned";
import { CLIENT_ROUTES } from "@shared/client-routes";
import { isPublicCardPath, PUBLIC_CARD_PATH } from "@shared/public-card-path";
import { drawnBeforeUserKnown } from "./drawn-before-user";
import { RouteErrorBoundary } from "./route-error-boundary";
import { AdminOnly, StaffOnly, BannedOnly, MembersToDashboard, SignedInOnly } from "./route-guards";
import { ServerDrawnScreenTakenOver } from "./server-drawn-screen";
// Not split off: the route guards show it too, so it is part of the first load anyway.
import { UnauthorizedScreen } from "./routes/errors/unauthorized";

type Loader = () => Promise<unknown>;
/** Screen loaders by the first segment of the paths that show them ("" for "/"). */
const loadersBySegment = new Map<string, Loader[]>();

/**
 * Each screen is its own chunk, loaded when first shown: the first load carries only the app's
 * frame and that screen. `segments` are the first path segments that show it, so the first page's
 * chunk can load alongside the current user (preloadFirstScreen) rather than after it.
 */
function lazyScreen<Name extends string>(segments: string[], load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  for (const segment of segments) loadersBySegment.set(segment, [...(loadersBySegment.get(segment) ?? []), load]);
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const AdminScreen = lazyScreen(["admin"], () => import("./routes/admin/admin"), "AdminScreen");
const AdminMailScreen = lazyScreen(["admin"], () => import("./routes/admin/admin-mail"), "AdminMailScreen");
const AdminWatchedWordsScreen = lazyScreen(["admin"], () => import("./routes/admin/admin-watched-words"), "AdminWatchedWordsScreen");
const ForgotPasswordScreen = lazyScreen(["forgot-password"], () => import("./routes/auth/forgot-password"), "ForgotPasswordScreen");
const ResetPasswordScreen = lazyScreen(["reset-password"], () => import("./routes/auth/reset-password"), "ResetPasswordScreen");
const VerifyEmailScreen = lazyScreen(["verify-email"], () => import("./routes/auth/verify-email"), "VerifyEmailScreen");
const UnsubscribeScreen = lazyScreen(["unsubscribe"], () => import("./routes/auth/unsubscribe"), "UnsubscribeScreen");
const ModerationScreen = lazyScreen(["moderation"], () => import("./routes/moderation/moderation"), "ModerationScreen");
const ReviewScreen = lazyScreen(["review"], () => import("./routes/review/review"), "ReviewScreen");
const BannedScreen = lazyScreen(["banned"], () => import("./routes/auth/banned"), "BannedScreen");
const LoginScreen = lazyScreen(["login"], () => import("./routes/auth/login"), "LoginScreen");
const RegisterScreen = lazyScreen(["register"], () => import("./routes/auth/register"), "RegisterScreen");
const BioSettingsScreen = lazyScreen(["bio"], () => import("./routes/bio/bio-settings"), "BioSettingsScreen");
const PublicBioCardScreen = lazyScreen([], () => import("./routes/bio/public-bio-card"), "PublicBioCardScreen");
// Not preloaded for "/": a visitor there gets the landing screen, and the server preloads the
// dashboard in the page of a request that carries a session (server/spa.ts firstScreenPreloads).
const DashboardScreen = lazyScreen(["dashboard"], () => import("./routes/dashboard/dashboard"), "DashboardScreen");
const NotFoundScreen = lazyScreen([], () => import("./routes/errors/not-found"), "NotFoundScreen");
const ForumScreen = lazyScreen(["forum", "c", "tag"], () => import("./routes/forum/forum"), "ForumScreen");
const TopicScreen = lazyScreen(["topic"], () => import("./routes/forum/topic"), "TopicScreen");
const LandingScreen = lazyScreen([""], () => import("./routes/home/landing"), "LandingScreen");
const SearchScreen = lazyScreen(["search"], () => import("./routes/search/search"), "SearchScreen");
const MessagesScreen = lazyScreen(["messages"], () => import("./routes/messages/messages"), "MessagesScreen");
const ConversationScreen = lazyScreen(["messages"], () => import("./routes/messages/conversation"), "ConversationScreen");
const NotificationSettingsScreen = lazyScreen(["settings"], () => import("./routes/settings/notification-settings"), "NotificationSettingsScreen");
const NotificationsScreen = lazyScreen(["notifications"], () => import("./routes/notifications/notifications"), "NotificationsScreen");
const BookmarksScreen = lazyScreen(["bookmarks"], () => import("./routes/bookmarks/bookmarks"), "BookmarksScreen");
const UserListScreen = lazyScreen(["userlist"], () => import("./routes/users/user-list"), "UserListScreen");
const UserProfileScreen = lazyScreen(["user"], () => import("./routes/users/user-profile"), "UserProfileScreen");

/** Starts loading the first page's screen at once; a failure shows later, where the screen renders. */
function preloadFirstScreen(path: string) {
  for (const load of loadersBySegment.get(path.split("/")[1] ?? "") ?? []) load().catch(() => {});
}
preloadFirstScreen(window.location.pathname);

/**
 * Keyed by path, so every navigation mounts a fresh screen and with it a fresh current-user
 * observer: the signed-in state is re-checked on every screen mount. A screen that throws while
 * rendering shows the error screen in its place, and the next navigation clears it.
 */
export function AppRouter() {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary key={path}>
      <Screens />
    </RouteErrorBoundary>
  );
}

function Screens() {
  const [path] = useLocation();
  const { data: user = null, isLoading } = useCurrentUser();
  if (isLoading && !drawnBeforeUserKnown(path)) return <Spinner className="flex-1" />;

  const signedIn = user !== null;
  const banned = signedIn && isBanned(user);

  return (
    <Suspense fallback={<Spinner className="flex-1" />}>
      <Switch>
        <Route path={CLIENT_ROUTES.login}>
          <MembersToDashboard user={user}>
            <LoginScreen />
          </MembersToDashboard>
        </Route>
        {/* A mailed link works signed in or out, and for a banned member too. */}
        <Route path={CLIENT_ROUTES.verifyEmail}>
          <VerifyEmailScreen />
        </Route>
        <Route path={CLIENT_ROUTES.unsubscribe}>
          <UnsubscribeScreen />
        </Route>
        <Route path={CLIENT_ROUTES.resetPassword}>
          <ResetPasswordScreen />
        </Route>
        <Route path={CLIENT_ROUTES.forgotPassword}>
          <MembersToDashboard user={user}>
            <ForgotPasswordScreen />
          </MembersToDashboard>
        </Route>
        <Route path={CLIENT_ROUTES.banned}>
          <BannedOnly user={user}>
            <BannedScreen />
          </BannedOnly>
        </Route>
        {/* A banned user reaches only the two routes above. */}
        {banned && (
          <Route>
            <BannedScreen />
          </Route>
        )}

        <Route path={CLIENT_ROUTES.home}>{signedIn ? <DashboardScreen /> : <LandingScreen />}</Route>
        <Route path={CLIENT_ROUTES.register}>
          <RegisterScreen />
        </Route>
        <Route path={CLIENT_ROUTES.unauthorized}>
          <UnauthorizedScreen />
        </Route>
        <Route path={CLIENT_ROUTES.dashboard}>
          <SignedInOnly user={user}>
            <DashboardScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.bio}>
          <SignedInOnly user={user}>
            <BioSettingsScreen />
          </SignedInOnly>
        </Route>
        {[CLIENT_ROUTES.forum, CLIENT_ROUTES.category, CLIENT_ROUTES.tag].map((route) => (
          <Route key={route} path={route}>
            <SignedInOnly user={user}>
              <ForumScreen />
            </SignedInOnly>
          </Route>
        ))}
        <Route path={CLIENT_ROUTES.search}>
          <SignedInOnly user={user}>
            <SearchScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.notifications}>
          <SignedInOnly user={user}>
            <NotificationsScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.bookmarks}>
          <SignedInOnly user={user}>
            <BookmarksScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.notificationSettings}>
          <SignedInOnly user={user}>
            <NotificationSettingsScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.messages}>
          <SignedInOnly user={user}>
            <MessagesScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.conversation}>
          <SignedInOnly user={user}>
            <ConversationScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.topic}>
          <SignedInOnly user={user}>
            <TopicScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.user}>
          <SignedInOnly user={user}>
            <UserProfileScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.userlist}>
          <SignedInOnly user={user}>
            <UserListScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.moderation}>
          <SignedInOnly user={user}>
            <ModerationScreen />
          </SignedInOnly>
        </Route>
        <Route path={CLIENT_ROUTES.admin}>
          <StaffOnly user={user}>
            <AdminScreen />
          </StaffOnly>
        </Route>
        <Route path={CLIENT_ROUTES.adminMail}>
          <AdminOnly user={user}>
            <AdminMailScreen />
          </AdminOnly>
        </Route>
        <Route path={CLIENT_ROUTES.adminWatchedWords}>
          <AdminOnly user={user}>
            <AdminWatchedWordsScreen />
          </AdminOnly>
        </Route>
        <Route path={CLIENT_ROUTES.review}>
          <StaffOnly user={user}>
            <ReviewScreen />
          </StaffOnly>
        </Route>
        {/* Only username-shaped paths that are not reserved names can be a bio card; anything else falls through to the catch-all. */}
        {isPublicCardPath(path) && (
          <Route path={PUBLIC_CARD_PATH}>
            <PublicBioCardScreen />
          </Route>
        )}
        {/* The server answers 404 for these paths too (shared/client-routes.ts); a visitor sees the welcome page there. */}
        <Route>{signedIn ? <NotFoundScreen /> : <LandingScreen />}</Route>
      </Switch>
      <ServerDrawnScreenTakenOver />
    </Suspense>
  );
}
