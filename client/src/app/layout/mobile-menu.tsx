import { MOBILE_BREAKPOINT_PX } from "@/lib/ui-constants";
import { Menu } from "lucide-react";
import { lazy, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";
import type { CurrentUser } from "@shared/types";
import type { NavItem } from "./use-nav-items";

const WIDE_SCREEN_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

const loadSheet = () => import("./mobile-menu-sheet");
// The panel (and the dialog code under it) loads on the first touch of the button, not with the app.
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

/** The slide-in side menu that replaces the bar's links and account area on narrow screens. */
export function MobileMenu({ user, items }: { user: CurrentUser | null; items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  // Closed by choosing a page: the new page takes the focus, so it must not go back to the menu button.
  const leftForAPage = useRef(false);
  const close = () => {
    leftForAPage.current = true;
    setOpen(false);
  };
  const takeLeftForAPage = () => {
    const left = leftForAPage.current;
    leftForAPage.current = false;
    return left;
  };

  // Growing past the breakpoint shows the bar again; a menu left open would only lock the page.
  useEffect(() => {
    const wideScreen = window.matchMedia(WIDE_SCREEN_QUERY);
    const closeOnWide = () => wideScreen.matches && setOpen(false);
    wideScreen.addEventListener("change", closeOnWide);
    return () => wideScreen.removeEventListener("change", closeOnWide);
  }, []);

  // Unread messages are behind the menu on a narrow screen: the button says so.
  const unread = items.reduce((sum, item) => sum + (item.unread ?? 0), 0);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative md:hidden"
        aria-label={unread > 0 ? `Open menu, ${unread} unread` : "Open menu"}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadSheet()}
        onClick={() => setOpen(true)}
      >
        <Menu className="size-5" aria-hidden />
        {unread > 0 && <span aria-hidden className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-primary ring-2 ring-background" />}
      </Button>
      <MountWhenOpened open={open}>
        <MobileMenuSheet user={user} items={items} open={open} onOpenChange={setOpen} onNavigate={close} takeLeftForAPage={takeLeftForAPage} />
      </MountWhenOpened>
    </>
  );
}
