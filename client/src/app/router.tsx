import { Route, Switch, useLocation } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { isBanned } from "@/lib/is-banned";
import { PUBLIC_CARD_PATH } from "./public-card-path";
import { RouteErrorBoundary } from "./route-error-boundary";
import { AdminOnly, BannedOnly, MembersToDashboard, SignedInOnly } from "./route-guards";
import { AdminScreen } from "./routes/admin/admin";
import { BannedScreen } from "./routes/auth/banned";
import { LoginScreen } from "./routes/auth/login";
import { RegisterScreen } from "./routes/auth/register";
import { BioSettingsScreen } from "./routes/bio/bio-settings";
import { PublicBioCardScreen } from "./routes/bio/public-bio-card";
import { DashboardScreen } from "./routes/dashboard/dashboard";
import { NotFoundScreen } from "./routes/errors/not-found";
import { UnauthorizedScreen } from "./routes/errors/unauthorized";
import { ForumScreen } from "./routes/forum/forum";
import { TopicScreen } from "./routes/forum/topic";
import { LandingScreen } from "./routes/home/landing";
import { NotificationsScreen } from "./routes/notifications/notifications";
import { SearchScreen } from "./routes/search/search";
import { UserListScreen } from "./routes/users/user-list";
import { UserProfileScreen } from "./routes/users/user-profile";


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
  const { data: user = null, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner className="flex-1" />;

  const signedIn = user !== null;
  const banned = signedIn && isBanned(user);

  return (
    <Switch>
      <Route path="/login">
        <MembersToDashboard user={user}>
          <LoginScreen />
        </MembersToDashboard>
      </Route>
      <Route path="/banned">
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

      <Route path="/">{signedIn ? <DashboardScreen /> : <LandingScreen />}</Route>
      <Route path="/register">
        <RegisterScreen />
      </Route>
      <Route path="/unauthorized">
        <UnauthorizedScreen />
      </Route>
      <Route path="/dashboard">
        <SignedInOnly user={user}>
          <DashboardScreen />
        </SignedInOnly>
      </Route>
      <Route path="/bio">
        <SignedInOnly user={user}>
          <BioSettingsScreen />
        </SignedInOnly>
      </Route>
      <Route path="/forum">
        <SignedInOnly user={user}>
          <ForumScreen />
        </SignedInOnly>
      </Route>
      <Route path="/search">
        <SignedInOnly user={user}>
          <SearchScreen />
        </SignedInOnly>
      </Route>
      <Route path="/notifications">
        <SignedInOnly user={user}>
          <NotificationsScreen />
        </SignedInOnly>
      </Route>
      <Route path="/topic/:id">
        <SignedInOnly user={user}>
          <TopicScreen />
        </SignedInOnly>
      </Route>
      <Route path="/user/:username">
        <SignedInOnly user={user}>
          <UserProfileScreen />
        </SignedInOnly>
      </Route>
      <Route path="/userlist">
        <SignedInOnly user={user}>
          <UserListScreen />
        </SignedInOnly>
      </Route>
      <Route path="/admin">
        <AdminOnly user={user}>
          <AdminScreen />
        </AdminOnly>
      </Route>
      {/* Only username-shaped paths can be a bio card; anything else falls through to the catch-all. */}
      <Route path={PUBLIC_CARD_PATH}>
        <PublicBioCardScreen />
      </Route>
      <Route>{signedIn ? <NotFoundScreen /> : <LandingScreen />}</Route>
    </Switch>
  );
}
