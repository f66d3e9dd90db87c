import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { isBanned } from "@/lib/is-banned";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { NavSearch } from "@/features/search/components/nav-search";
import { ThemeSwitch } from "@/features/account/components/theme-switch";
import { BrandLink } from "./brand-link";
import { LogoutButton } from "./logout-button";
import { MobileMenu } from "./mobile-menu";
import { NavLinks } from "./nav-links";
import { useNavItems } from "./use-nav-items";
import { UsernameLink } from "./username-link";

/** A member's five links fit the bar with their labels at 1440 px; staff's more (Review, Admin) show as icons below 1536 px. */
const MAX_LABELLED_BAR_LINKS = 5;

/**
 * Brand left, account (search, bell, theme, name) right and the links centred between them; below the
 * mobile breakpoint the links move into a side menu.
 */
export function TopNav() {
  const { data: user = null, isLoading } = useCurrentUser();
  const items = useNavItems(user);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 md:grid md:grid-cols-[auto_1fr_auto]">
        <BrandLink />
        {!isLoading && (
          <>
            <nav aria-label="Main" className="hidden justify-self-center md:block">
              <NavLinks items={items} layout="bar" compact={items.length > MAX_LABELLED_BAR_LINKS} />
            </nav>
            <div className="flex min-w-0 items-center justify-end gap-2">
              {/* Search and notifications are for members who may use the site: a banned member's calls answer 403. */}
              {user && !isBanned(user) && (
                <>
                  <NavSearch />
                  <NotificationBell />
                </>
              )}
              <ThemeSwitch onAccount={!!user && !isBanned(user)} compact className="hidden md:inline-flex" />
              {user && (
                <div className="hidden min-w-0 items-center gap-2 md:flex">
                  <UsernameLink username={user.username} />
                  <LogoutButton compact />
                </div>
              )}
              <MobileMenu user={user} items={items} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
