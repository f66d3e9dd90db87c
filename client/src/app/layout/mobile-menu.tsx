import { MOBILE_BREAKPOINT_PX } from "@/lib/ui-constants";
import { Menu } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { CurrentUser } from "@shared/types";
import { siteName } from "@/lib/site";
import { LogoutButton } from "./logout-button";
import { NavLinks } from "./nav-links";
import type { NavItem } from "./use-nav-items";
import { UsernameLink } from "./username-link";

const WIDE_SCREEN_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** The slide-in side menu that replaces the bar's links and account area on narrow screens. */
export function MobileMenu({ user, items }: { user: CurrentUser | null; items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  // Closed by choosing a page: the new page takes the focus, so it must not go back to the menu button.
  const leftForAPage = useRef(false);
  const close = () => {
    leftForAPage.current = true;
    setOpen(false);
  };

  // Growing past the breakpoint shows the bar again; a menu left open would only lock the page.
  useEffect(() => {
    const wideScreen = window.matchMedia(WIDE_SCREEN_QUERY);
    const closeOnWide = () => wideScreen.matches && setOpen(false);
    wideScreen.addEventListener("change", closeOnWide);
    return () => wideScreen.removeEventListener("change", closeOnWide);
  }, []);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          if (leftForAPage.current) event.preventDefault();
          leftForAPage.current = false;
        }}
      >
        <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
          <SheetTitle className="truncate">{siteName}</SheetTitle>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <NavLinks items={items} layout="menu" onNavigate={close} />
        </nav>
        {user && (
          <div className="flex items-center justify-between gap-3 border-t border-border p-4">
            <UsernameLink username={user.username} onNavigate={close} />
            <LogoutButton onLogout={close} />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
