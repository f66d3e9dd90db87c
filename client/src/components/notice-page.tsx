import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CenteredPage } from "@/components/layouts/centered-page";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

const TONE_CLASSES = {
  primary: { ring: "bg-primary/10 ring-primary/30", icon: "text-primary" },
  destructive: { ring: "bg-destructive/10 ring-destructive/30", icon: "text-destructive" },
} as const;

interface NoticePageProps {
  icon: LucideIcon;
  tone?: keyof typeof TONE_CLASSES;
  title: string;
  message: string;
  /** The way(s) on: links or buttons, side by side from the small breakpoint on. */
  children: ReactNode;
}

/** A whole page that says why the screen cannot be shown (missing, forbidden, failed) and where to go instead. */
export function NoticePage({ icon: Icon, tone = "primary", title, message, children }: NoticePageProps) {
  const toneClasses = TONE_CLASSES[tone];
  return (
    <CenteredPage>
      <Card className="w-full max-w-md px-6 py-10 text-center sm:px-10">
        <div className={cn("mx-auto mb-6 grid size-14 place-items-center rounded-full ring-1", toneClasses.ring)}>
          <Icon className={cn("size-6", toneClasses.icon)} aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-muted">{message}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">{children}</div>
      </Card>
    </CenteredPage>
  );
}
