import { ChevronDown, Gift } from "lucide-react";
import { countLabel } from "@/lib/count-label";

interface UnusedInvitesBannerProps {
  count: number;
  /** The id of the invites section the banner scrolls to. */
  targetId: string;
}

/** 'You have unused invitation codes' with how many; pressing it scrolls to My Invites. Nothing when none are left. */
export function UnusedInvitesBanner({ count, targetId }: UnusedInvitesBannerProps) {
  if (count === 0) return null;
  const scrollToInvites = () => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
    target.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      onClick={scrollToInvites}
      className="group flex w-full cursor-pointer items-center gap-3 rounded-card border border-primary/40 bg-linear-to-r from-primary/20 via-primary/10 to-transparent px-4 py-3.5 text-left transition-colors hover:border-primary/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:px-5"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-control bg-primary/20 ring-1 ring-primary/40">
        <Gift className="size-5 text-primary-hover" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">You have unused invitation codes</span>
        <span className="block text-sm text-muted">{countLabel(count, "invite")} ready to share. See My Invites below.</span>
      </span>
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground tabular-nums" aria-hidden>
        {count}
      </span>
      <ChevronDown className="hidden size-5 shrink-0 text-muted transition-transform group-hover:translate-y-0.5 sm:block" aria-hidden />
    </button>
  );
}
