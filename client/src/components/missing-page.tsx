import type { LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { CenteredPage } from "@/components/layouts/centered-page";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

interface MissingPageProps {
  icon: LucideIcon;
  title: string;
  message: string;
  /** Where to go instead. */
  action: { href: string; label: string; icon?: LucideIcon };
}

/** A whole page in place of something that does not exist (or no longer does): a topic, a profile, a card. */
export function MissingPage({ icon: Icon, title, message, action }: MissingPageProps) {
  const ActionIcon = action.icon;
  return (
    <CenteredPage>
      <Card className="w-full max-w-md px-6 py-10 text-center sm:px-10">
        <div className="mx-auto mb-6 grid size-14 place-items-center rounded-full bg-primary/10 ring-1 ring-primary/30">
          <Icon className="size-6 text-primary" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-muted">{message}</p>
        <Link href={action.href} className={buttonClasses({ className: "mt-8" })}>
          {ActionIcon && <ActionIcon aria-hidden />}
          {action.label}
        </Link>
      </Card>
    </CenteredPage>
  );
}
