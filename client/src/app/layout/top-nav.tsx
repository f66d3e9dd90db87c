import { Bookmark } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
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

// Staff only: the menu's code stays out of every member's first load (e2e/bundle-budget.spec.ts).
const StaffMenu = lazy(() => import("./staff-menu").then((module) => ({ default: module.StaffMenu })));

/**
 * Brand left, account (search, bell, theme, name) right and the links centred between them; below the
 * mobile breakpoint the links move into a side menu.
 */
export function TopNav() {
  const { data: user = null, isLoading } = useCurrentUser();
  const items = useNavItems(user);
  // Staff's pages go into one Staff menu, and their search box is an icon below 1536 px, so their bar
  // keeps its labels from 1280 px as a member's does.
  const staffItems = items.filter((item) => item.staff);
  const staff = staffItems.length > 0;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 md:grid md:grid-cols-[auto_1fr_auto]">
        <BrandLink />
        {!isLoading && (
          <>
            <nav aria-label="Main" className="hidden items-center gap-1 justify-self-center md:flex">
              <NavLinks items={items.filter((item) => !item.staff)} layout="bar" compact={staff} />
              {staff && (
                <Suspense fallback={null}>
                  <StaffMenu items={staffItems} />
                </Suspense>
              )}
            </nav>
            <div className="flex min-w-0 items-center justify-end gap-2">
              {/* Search and notifications are for members who may use the site: a banned member's calls answer 403. */}
              {user && !isBanned(user) && (
                <>
                  <NavSearch fieldFrom={staff ? "2xl" : "lg"} />
                  <Link href="/bookmarks" aria-label="Bookmarks" title="Bookmarks" className={cn(buttonClasses({ variant: "ghost", size: "icon" }), "hidden md:inline-flex")}>
                    <Bookmark className="size-5" aria-hidden />
                  </Link>
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
