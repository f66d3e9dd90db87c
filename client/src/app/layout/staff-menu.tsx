import { ChevronDown, ShieldHalf } from "lucide-react";
import { Link, useLocation } from "wouter";
import { PopoverMenu, popoverMenuItemClasses } from "@/components/ui/popover-menu";
import { isActiveNavPath, NavEntryContent, navEntryClasses } from "./nav-links";
import type { NavItem } from "./use-nav-items";

/**
 * The bar's one entry for the staff's pages (Review, Admin or Moderate): a button that opens them,
 * so a staff member's bar keeps its labels at 1280 px and wider as a member's does. It carries the
 * pending review count. The side menu lists the pages themselves.
 */
export function StaffMenu({ items }: { items: NavItem[] }) {
  const [path] = useLocation();
  const active = items.some((item) => isActiveNavPath(path, item.href));
  const unread = items.reduce((sum, item) => sum + (item.unread ?? 0), 0);
  return (
    <PopoverMenu
      label="Staff"
      align="end"
      triggerClassName={navEntryClasses("bar", active)}
      trigger={
        <>
          <NavEntryContent item={{ href: "", label: "Staff", icon: ShieldHalf, unread }} active={active} compact />
          <ChevronDown className="size-3.5 shrink-0 opacity-70" aria-hidden />
        </>
      }
    >
      {items.map((item) => {
        const current = isActiveNavPath(path, item.href);
        return (
          <Link key={item.href} href={item.href} aria-current={current ? "page" : undefined} className={popoverMenuItemClasses}>
            <NavEntryContent item={item} active={current} />
          </Link>
        );
      })}
    </PopoverMenu>
  );
}
