import type { LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

interface AdminSectionProps {
  icon: LucideIcon;
  title: string;
  /** A line under the title, e.g. the number of rows. */
  description?: ReactNode;
  /** Buttons at the header's right (below the title on phones). */
  actions?: ReactNode;
  /** Between the header and the content, e.g. the search field. */
  toolbar?: ReactNode;
  children: ReactNode;
  /** Under the content, e.g. the pagination. */
  footer?: ReactNode;
  busy?: boolean;
  className?: string;
}

/** One section of the admin panel: a card with a titled header, the content and an optional footer. */
export function AdminSection({ icon: Icon, title, description, actions, toolbar, children, footer, busy, className }: AdminSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={busy || undefined} className={className}>
      <Card className="overflow-hidden">
        <header className="flex flex-col gap-4 border-b border-border px-4 py-4 sm:px-5 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex min-w-0 items-center gap-3">
            <div className="grid size-9 shrink-0 place-items-center rounded-control bg-primary/10 ring-1 ring-primary/25">
              <Icon className="size-4.5 text-primary-hover" aria-hidden />
            </div>
            <div className="min-w-0">
              <h2 id={headingId} className="text-base font-semibold leading-tight sm:text-lg">
                {title}
              </h2>
              {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
            </div>
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </header>
        {toolbar && <div className={cn("border-b border-border px-4 py-3 sm:px-5")}>{toolbar}</div>}
        {children}
        {footer && <div className="border-t border-border px-2 py-3 sm:px-5">{footer}</div>}
      </Card>
    </section>
  );
}
