import { Link, useLocation } from "wouter";
import { cn } from "@/lib/cn";
import { badgeCount } from "@/lib/count-label";
import type { NavItem } from "./use-nav-items";

const LAYOUT_CLASSES = {
  bar: { list: "flex items-center gap-1", link: "h-9 px-3 text-sm" },
  menu: { list: "flex flex-col gap-1", link: "h-11 px-3 text-base" },
} as const;

interface NavLinksProps {
  items: NavItem[];
  layout: keyof typeof LAYOUT_CLASSES;
  /** Called after a link is chosen (the side menu closes itself with it). */
  onNavigate?: () => void;
  /** Icons with their counts only, the labels for screen readers and as titles, below 1536 px (a staff member's many links). */
  compact?: boolean;
}

export function NavLinks({ items, layout, onNavigate, compact = false }: NavLinksProps) {
  const [path] = useLocation();
  const classes = LAYOUT_CLASSES[layout];

  return (
    <ul className={classes.list}>
      {items.map(({ href, label, icon: Icon, onOpen, unread = 0 }) => {
        // A section's own pages count too (/messages/12 is in Messages).
        const active = path === href || path.startsWith(`${href}/`);
        return (
          <li key={href}>
            <Link
              href={href}
              title={compact ? label : undefined}
              aria-current={active ? "page" : undefined}
              onClick={() => {
                onOpen?.();
                onNavigate?.();
              }}
              className={cn(
                "flex items-center gap-2.5 rounded-control font-medium transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                active ? "bg-surface-raised text-foreground" : "text-muted hover:bg-surface-raised hover:text-foreground",
                classes.link,
              )}
            >
              <Icon className={cn("size-4 shrink-0", active && "text-primary")} aria-hidden />
              {compact ? <span className="sr-only 2xl:not-sr-only">{label}</span> : label}
              {unread > 0 && (
                <>
                  <span aria-hidden className="grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-bold leading-none text-primary-foreground">
                    {badgeCount(unread)}
                  </span>
                  <span className="sr-only">, {unread} unread</span>
                </>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
