import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { REVEAL_AUTOPLAY_DELAY_MS } from "@/lib/ui-constants";
import type { PublicBioCard as PublicBioCardData } from "@shared/types";
import { BioCardView } from "@/features/bio/card/bio-card-view";
import { CardBackdrop } from "@/features/bio/card/card-backdrop";
import { cardBackground, cardContent, cardLook } from "@shared/bio-card/card-model";
import { enterAnimationClass } from "@shared/bio-card/card-options";
import { useTilt } from "@/features/bio/card/tilt";
import type { TrackPlayerHandle } from "@/features/bio/card/track-player";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/cn";
import { siteName } from "@/lib/site";
import { sendLinkClick } from "../api/link-click";
import { RevealScreen } from "./reveal-screen";

/**
 * A member's public card over its background, filling the window. With a reveal screen, the card
 * appears (with its entrance animation) once the visitor dismisses it, and the track starts 500 ms
 * later. Reduced motion: no tilt, no entrance animation, no sparkles.
 */
export function PublicBioCard({ card }: { card: PublicBioCardData }) {
  const reducedMotion = useReducedMotion();
  const [revealed, setRevealed] = useState(!card.enableRevealScreen);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const player = useRef<TrackPlayerHandle | null>(null);
  const cardFrame = useRef<HTMLDivElement | null>(null);
  const tilt = useTilt<HTMLDivElement>(!reducedMotion);

  const look = useMemo(() => cardLook(card, "public"), [card]);
  const content = useMemo(
    () =>
      cardContent(card, {
        username: card.username,
        uid: card.uid,
        viewsCount: card.viewsCount,
        isOnline: card.isOnline,
        profileAvatar: card.avatar,
        profileBio: card.bio,
        badges: card.badges,
        links: card.customLinks,
      }),
    [card],
  );
  const background = useMemo(() => cardBackground(card), [card]);

  // After the reveal: the focus goes to the card and the track starts 500 ms later.
  useEffect(() => {
    if (dismissedAt === null) return;
    cardFrame.current?.focus({ preventScroll: true });
    const timer = window.setTimeout(() => player.current?.play(), REVEAL_AUTOPLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dismissedAt]);

  const animation = revealed && !reducedMotion ? enterAnimationClass(card.enterAnimation) : null;

  return (
    // Above the site's navigation, from the top of the document: a link-in-bio page of its own that
    // scrolls with the document (so phones can hide their address bar).
    <div data-testid="public-bio-card" className="absolute inset-x-0 top-0 z-50 flex min-h-dvh flex-col overflow-x-clip bg-black">
      <CardBackdrop background={background} className="absolute inset-0" still={reducedMotion} />
      <div className="relative flex flex-1 flex-col items-center px-4 py-10 sm:px-6 sm:py-16">
        <div className="flex w-full flex-1 items-center justify-center">
          {revealed && (
            <div className={cn("flex w-full justify-center", animation)}>
              <div
                ref={(element) => {
                  tilt.ref.current = element;
                  cardFrame.current = element;
                }}
                tabIndex={-1}
                onPointerMove={tilt.onPointerMove}
                onPointerLeave={tilt.onPointerLeave}
                onPointerCancel={tilt.onPointerCancel}
                className="flex w-full justify-center transition-transform duration-200 ease-out outline-none motion-reduce:transition-none"
                style={{ maxWidth: `${look.boxWidth}px` }}
              >
                <BioCardView content={content} look={look} playerRef={player} onLinkOpen={(link) => sendLinkClick(card.username, link.id)} />
              </div>
            </div>
          )}
        </div>
        {revealed && (
          <footer className="mt-10 text-xs text-white/55">
            <Link href="/" className="rounded px-2 py-1 font-medium transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-white/60">
              {siteName}
            </Link>
          </footer>
        )}
      </div>
      {!revealed && (
        <RevealScreen
          text={card.revealScreenText}
          look={look}
          onReveal={() => {
            setRevealed(true);
            setDismissedAt(Date.now());
          }}
        />
      )}
    </div>
  );
}
