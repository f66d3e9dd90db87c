// The public card /{username} as the server renders it: complete HTML with no script needed, the
// card itself being the one the editor's preview shows (shared/bio-card/card-view.tsx). React renders
// it to a string only (react-dom/server escapes every text and attribute); the page's script
// (client/src/card-main.ts) adds the reveal screen, music, the entrance animation, the tilt and the
// click beacon, finding its parts by their data-card-* attributes.
import { Lock, UserX } from "lucide-react";
import type { CSSProperties } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { cardBackground, cardContent, cardLook } from "@shared/bio-card/card-model";
import { enterAnimationClass } from "@shared/bio-card/card-options";
import { BioCard, CardBackdrop } from "@shared/bio-card/card-view";
import { DEFAULT_REVEAL_SCREEN_TEXT } from "@shared/constants";
import type { PublicBioCard } from "@shared/types";

/**
 * The whole card page: backdrop, card, the site's name, and the reveal screen. Without script the
 * reveal screen is hidden and the card shown (card.html's noscript style); the script keeps the
 * card hidden until the visitor dismisses the screen.
 */
export function PublicCardPage({ card, siteName }: { card: PublicBioCard; siteName: string }) {
  const look = cardLook(card, "public");
  const content = cardContent(card, {
    username: card.username,
    uid: card.uid,
    viewsCount: card.viewsCount,
    isOnline: card.isOnline,
    profileAvatar: card.avatar,
    profileBio: card.bio,
    badges: card.badges,
    links: card.customLinks,
  });
  const background = cardBackground(card);
  const reveal = card.enableRevealScreen;
  const hiddenUntilRevealed: CSSProperties | undefined = reveal ? { visibility: "hidden" } : undefined;

  return (
    <div
      data-testid="public-bio-card"
      data-card-page={card.username}
      data-enter={enterAnimationClass(card.enterAnimation) ?? undefined}
      className="absolute inset-x-0 top-0 z-50 flex min-h-dvh flex-col overflow-x-clip bg-black"
    >
      <CardBackdrop background={background} className="absolute inset-0" />
      <div className="relative flex flex-1 flex-col items-center px-4 py-10 sm:px-6 sm:py-16">
        <div className="flex w-full flex-1 items-center justify-center">
          <div className="flex w-full justify-center" data-card-stage style={hiddenUntilRevealed}>
            <div tabIndex={-1} data-card-frame className="flex w-full justify-center transition-transform duration-200 ease-out outline-none motion-reduce:transition-none" style={{ maxWidth: `${look.boxWidth}px` }}>
              <BioCard content={content} look={look} />
            </div>
          </div>
        </div>
        <footer className="mt-10 text-xs text-white/55" data-card-stage style={hiddenUntilRevealed}>
          <a href="/" className="rounded px-2 py-1 font-medium transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-white/60">
            {siteName}
          </a>
        </footer>
      </div>
      {reveal && (
        <button
          type="button"
          data-reveal-screen
          data-testid="reveal-screen"
          className="fixed inset-0 z-10 flex cursor-pointer flex-col items-center justify-center gap-5 bg-black/55 px-6 text-center backdrop-blur-xl focus-visible:outline-none"
        >
          <span className="grid size-16 place-items-center rounded-full ring-1 ring-white/15" style={{ backgroundColor: `color-mix(in srgb, ${look.themeColor} 25%, transparent)`, color: look.primaryColor }}>
            <Lock className="size-7" aria-hidden />
          </span>
          <span className="block max-w-md break-words text-2xl font-semibold tracking-tight sm:text-3xl" style={{ color: look.primaryColor }}>
            {card.revealScreenText?.trim() || DEFAULT_REVEAL_SCREEN_TEXT}
          </span>
          <span className="block animate-pulse text-sm" style={{ color: look.secondaryColor }}>
            Click anywhere to continue
          </span>
        </button>
      )}
    </div>
  );
}

/** A missing, private or unavailable card (client components/missing-page.tsx's look). */
export function UserNotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <UserX className="size-12 text-muted" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">User Not Found</h1>
      <p className="max-w-md text-muted">The user you&apos;re looking for doesn&apos;t exist or has been removed.</p>
      <a href="/" className="rounded-control bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
        Go to the home page
      </a>
    </main>
  );
}

/** The card page's body, as HTML. */
export const renderCardPage = (card: PublicBioCard, siteName: string) =>
  // The frame the app's layout gives a card, without navigation: the card is the page's main landmark.
  renderToStaticMarkup(
    <div className="flex min-h-dvh flex-col">
      <main className="flex flex-1 flex-col">
        <PublicCardPage card={card} siteName={siteName} />
      </main>
    </div>,
  );

/** The body of /{username} when there is no card anyone may see. */
export const renderUserNotFound = () => renderToStaticMarkup(<UserNotFoundPage />);
