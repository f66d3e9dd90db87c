import type { LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { NoticePage } from "./notice-page";

interface MissingPageProps {
  icon: LucideIcon;
  title: string;
  message: string;
  /** Where to go instead. */
  action: { href: string; label: string; icon?: LucideIcon };
}

/** A whole page in place of something that does not exist (or no longer does): a topic, a profile, a card. */
export function MissingPage({ icon, title, message, action }: MissingPageProps) {
  const ActionIcon = action.icon;
  return (
    <NoticePage icon={icon} title={title} message={message}>
      <Link href={action.href} className={buttonClasses()}>
        {ActionIcon && <ActionIcon aria-hidden />}
        {action.label}
      </Link>
    </NoticePage>
  );
}
