import { Eye, Lock } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { PREVIEW_CARD_MAX_WIDTH_PX } from "@/lib/ui-constants";
import type { BioSettingsResponse, UserBadge } from "@shared/types";
import { find, startPlayer, watchImages } from "@/features/bio/card/card-behaviour";
import { cardBackground, cardContent, cardLook, type CardLook } from "@shared/bio-card/card-model";
import { BioCard, CardBackdrop } from "@shared/bio-card/card-view";
import { enterAnimationClass } from "@shared/bio-card/card-options";
import { Button } from "@/components/ui/button";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/cn";
import type { BioFormValues } from "./form-values";

interface CardPreviewProps {
  user: BioSettingsResponse["user"];
  profileBio: string | null;
  links: BioSettingsResponse["userLinks"];
  ownedBadges: UserBadge[];
  /** The card's real view count, as the public card shows it. */
  viewsCount: number;
}

/** The reveal overlay over the preview (the spec's texts, not the public reveal screen's): a click passes it, as a visitor's would. */
function PreviewOverlay({ look, onDismiss }: { look: CardLook; onDismiss: () => void }) {
  return (
    <button
      type="button"
      // Shown on demand: the focus goes to it, and a click (or Enter) passes it.
      autoFocus
      onClick={onDismiss}
      data-testid="preview-reveal-overlay"
      className="absolute inset-0 z-10 flex cursor-pointer flex-col items-center justify-center gap-3 rounded-[inherit] bg-black/55 px-6 text-center backdrop-blur-lg focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-primary"
    >
      <span className="grid size-12 place-items-center rounded-full ring-1 ring-white/15" style={{ backgroundColor: `${look.themeColor}40`, color: look.primaryColor }}>
        <Lock className="size-5" aria-hidden />
      </span>
      <span className="block text-lg font-semibold" style={{ color: look.primaryColor }}>
        Click to view
      </span>
      <span className="block text-xs" style={{ color: look.secondaryColor }}>
        Click to reveal
      </span>
    </button>
  );
}

/**
 * The card as it will look, from the form's current values: the public page's own markup
 * (shared/bio-card/card-view.tsx) and player, with the card's real view count, the member's id as
 * UID, at most 400 px wide. The card itself shows, so every change can be seen; with the reveal
 * screen on, 'Show Reveal Screen Again' puts the reveal overlay over it ('Click to view', 'Click to
 * reveal') until it is clicked. The player shows only when there is audio and no overlay.
 */
export function CardPreview({ user, profileBio, links, ownedBadges, viewsCount }: CardPreviewProps) {
  const values = useWatch<BioFormValues>() as BioFormValues;
  const reducedMotion = useReducedMotion();
  const [revealShown, setRevealShown] = useState(false);
  const [replays, setReplays] = useState(0);

  const look = useMemo(() => cardLook(values), [values]);
  const badges = useMemo(
    () => (values.showBadges ? ownedBadges.filter((badge) => values.visibleBadges === null || values.visibleBadges.includes(badge.badgeType)) : []),
    [ownedBadges, values.visibleBadges, values.showBadges],
  );
  const content = useMemo(
    () =>
      cardContent(values, {
        username: user.username,
        uid: user.id,
        viewsCount,
        // The member is online while they edit.
        isOnline: values.showOnlineStatus ? true : undefined,
        profileAvatar: user.avatar,
        profileBio,
        badges,
        links: links.filter((link) => link.isVisible).sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id),
      }),
    [values, user, profileBio, badges, links, viewsCount],
  );
  const background = useMemo(() => cardBackground(values), [values]);

  const overlay = values.enableRevealScreen && revealShown;
  const animation = reducedMotion ? null : enterAnimationClass(values.enterAnimation);
  const mount = `${values.enterAnimation}-${replays}`;

  // The player and the images' loading states, brought to life as on the public page.
  const preview = useRef<HTMLDivElement | null>(null);
  const trackUrl = overlay ? undefined : content.track?.audioUrl;
  useEffect(() => {
    const player = preview.current && find("[data-card-player]", preview.current);
    return player ? startPlayer(player).stop : undefined;
  }, [trackUrl, mount]);
  useEffect(() => {
    if (preview.current) watchImages(preview.current);
  });
  // The overlay passed, the focus goes back to the button that shows it again (it was on the overlay, now gone).
  const showAgain = useRef<HTMLButtonElement | null>(null);
  const focusShowAgain = useRef(false);
  useEffect(() => {
    if (overlay || !focusShowAgain.current) return;
    focusShowAgain.current = false;
    showAgain.current?.focus();
  }, [overlay]);

  return (
    <div className="flex flex-col gap-3">
      <div ref={preview} data-testid="card-preview" className="relative isolate overflow-hidden rounded-card border border-border">
        <CardBackdrop background={background} className="absolute inset-0 -z-10" still={reducedMotion} />
        <div className="flex min-h-[28rem] items-center justify-center px-2.5 py-6 sm:px-6 sm:py-10">
          <div key={mount} className={cn("flex w-full justify-center", !overlay && animation)}>
            <div className="relative w-full" style={{ maxWidth: `${Math.min(look.boxWidth, PREVIEW_CARD_MAX_WIDTH_PX)}px`, borderRadius: `${look.boxRadius}px` }}>
              <BioCard content={content} look={look} maxWidth={PREVIEW_CARD_MAX_WIDTH_PX} headingLevel={2} showPlayer={!overlay} />
              {overlay && (
                <PreviewOverlay
                  look={look}
                  onDismiss={() => {
                    setRevealShown(false);
                    setReplays((count) => count + 1);
                    focusShowAgain.current = true;
                  }}
                />
              )}
            </div>
          </div>
        </div>
      </div>
      {values.enableRevealScreen && !overlay && (
        <Button ref={showAgain} variant="outline" size="sm" className="self-center" onClick={() => setRevealShown(true)}>
          <Eye aria-hidden />
          Show Reveal Screen Again
        </Button>
      )}
    </div>
  );
}
