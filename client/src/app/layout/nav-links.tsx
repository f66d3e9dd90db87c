import { Link, useLocation } from "wouter";
import { cn } from "@/lib/cn";
import { badgeCount } from "@/lib/count-label";
import type { NavItem } from "./use-nav-items";

const LAYOUT_CLASSES = {
  bar: { list: "flex items-center gap-1", link: "h-9 px-2.5 text-sm 2xl:px-3" },
  menu: { list: "flex flex-col gap-1", link: "h-11 px-3 text-base" },
} as const;

/** The look of a navigation entry, a link or the bar's Staff button, in the bar or the side menu. */
export const navEntryClasses = (layout: keyof typeof LAYOUT_CLASSES, active: boolean) =>
  cn(
    "flex items-center gap-2 rounded-control font-medium transition-colors 2xl:gap-2.5",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    active ? "bg-surface-raised text-foreground" : "text-muted hover:bg-surface-raised hover:text-foreground",
    LAYOUT_CLASSES[layout].link,
  );

/** A section's own pages count too (/messages/12 is in Messages). */
export const isActiveNavPath = (path: string, href: string) => path === href || path.startsWith(`${href}/`);

/** An entry's icon, label and unread count. `compact`: the label for screen readers and as a title only, below 1280 px. */
export function NavEntryContent({ item, active, compact = false }: { item: NavItem; active: boolean; compact?: boolean }) {
  const { label, icon: Icon, unread = 0 } = item;
  return (
    <>
      <Icon className={cn("size-4 shrink-0", active && "text-primary")} aria-hidden />
      {compact ? <span className="sr-only xl:not-sr-only">{label}</span> : label}
      {unread > 0 && (
        <>
          <span aria-hidden className="grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-bold leading-none text-primary-foreground">
            {badgeCount(unread)}
          </span>
          <span className="sr-only">, {unread} unread</span>
        </>
      )}
    </>
  );
}

interface NavLinksProps {
  items: NavItem[];
  layout: keyof typeof LAYOUT_CLASSES;
  /** Called after a link is chosen (the side menu closes itself with it). */
  onNavigate?: () => void;
  /** Icons with their counts only, the labels for screen readers and as titles, below 1280 px (a staff member's bar). */
  compact?: boolean;
}

export function NavLinks({ items, layout, onNavigate, compact = false }: NavLinksProps) {
  const [path] = useLocation();
  return (
    <ul className={LAYOUT_CLASSES[layout].list}>
      {items.map((item) => {
        const active = isActiveNavPath(path, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              title={compact ? item.label : undefined}
              aria-current={active ? "page" : undefined}
              onClick={() => {
                item.onOpen?.();
                onNavigate?.();
              }}
              className={navEntryClasses(layout, active)}
            >
              <NavEntryContent item={item} active={active} compact={compact} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
