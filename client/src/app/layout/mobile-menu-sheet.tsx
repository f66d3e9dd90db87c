import { Link } from "wouter";
import type { CurrentUser } from "@shared/types";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { ThemeSwitch } from "@/features/account/components/theme-switch";
import { isBanned } from "@/lib/is-banned";
import { siteName } from "@/lib/site";
import { LogoutButton } from "./logout-button";
import { NavLinks } from "./nav-links";
import type { NavItem } from "./use-nav-items";
import { UsernameLink } from "./username-link";

interface MobileMenuSheetProps {
  user: CurrentUser | null;
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Closes the menu because a page was chosen: that page takes the focus, not the menu button. */
  onNavigate: () => void;
  /** Whether the menu was closed by onNavigate, read (and reset) as it closes. */
  takeLeftForAPage: () => boolean;
}

/** The slide-in panel of the mobile menu, its own chunk: a desktop visitor never loads it. */
export function MobileMenuSheet({ user, items, open, onOpenChange, onNavigate, takeLeftForAPage }: MobileMenuSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          if (takeLeftForAPage()) event.preventDefault();
        }}
      >
        <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
          <SheetTitle className="truncate">{siteName}</SheetTitle>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <NavLinks items={items} layout="menu" onNavigate={onNavigate} />
        </nav>
        <div className="border-t border-border p-4">
          <ThemeSwitch onAccount={!!user && !isBanned(user)} />
        </div>
        {user && !isBanned(user) && (
          <>
            <Link href="/bookmarks" onClick={onNavigate} className="border-t border-border px-5 py-3 text-sm text-muted hover:text-foreground">
              Bookmarks
            </Link>
            <Link href="/settings/notifications" onClick={onNavigate} className="border-t border-border px-5 py-3 text-sm text-muted hover:text-foreground">
              Notification settings
            </Link>
          </>
        )}
        {user && (
          <div className="flex items-center justify-between gap-3 border-t border-border p-4">
            <UsernameLink username={user.username} onNavigate={onNavigate} />
            <LogoutButton onLogout={onNavigate} />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
