import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./card";

interface FormCardProps {
  icon: LucideIcon;
  /** The screen's heading. */
  title: string;
  description: string;
  children: ReactNode;
  /** A line under the form, e.g. a link to the other way in. */
  footer?: ReactNode;
}

/** A single form presented as the screen's card: icon, heading, description, form, footer. */
export function FormCard({ icon: Icon, title, description, children, footer }: FormCardProps) {
  return (
    <Card className="w-full max-w-md">
      <header className="flex flex-col items-center px-6 pt-8 pb-6 text-center sm:px-8">
        <div className="mb-5 grid size-12 place-items-center rounded-2xl bg-primary/10 ring-1 ring-primary/30">
          <Icon className="size-6 text-primary" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1.5 text-sm text-muted">{description}</p>
      </header>
      <div className="px-6 pb-8 sm:px-8">{children}</div>
      {footer && <footer className="border-t border-border px-6 py-4 text-center text-sm text-muted sm:px-8">{footer}</footer>}
    </Card>
  );
}
