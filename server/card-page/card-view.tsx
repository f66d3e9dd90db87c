// The public card /{username} as the server renders it: complete HTML with no script needed (every
// link a real <a href>), in the classes of the editor's preview (client features/bio/card/) and from
// the same shared description of the card (shared/bio-card/). React renders it to a string only
// (react-dom/server escapes every text and attribute); the page's script (client/src/card-main.ts)
// adds the reveal screen, music, the entrance animation, the tilt and the click beacon, finding its
// parts by their data-card-* attributes.
import { ArrowUpRight, Eye, Hash, Lock, MapPin, Music, Pause, Play, UserX, Volume1, Volume2, VolumeX } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { badgeLook } from "@shared/bio-card/badge-looks";
import { safeLinkUrl, safeMediaUrl } from "@shared/bio-card/audio-url";
import { backgroundFill, cardBackground, cardBoxStyle, cardContent, cardLook, type CardContent, type CardLook, type CardTrack } from "@shared/bio-card/card-model";
import { enterAnimationClass, sparkleStyle } from "@shared/bio-card/card-options";
import { isBuiltInLinkIcon, LINK_ICONS } from "@shared/bio-card/link-icons";
import { BADGES, DEFAULT_REVEAL_SCREEN_TEXT, FALLBACK_LINK_ICON, uploadFormatOf, type BadgeType } from "@shared/constants";
import type { PublicBioCard, PublicUserLink } from "@shared/types";

const cn = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

/** The public card's CSS tooltip (client components/ui/css-tooltip.tsx): it works without script. */
function Tooltip({ id, content, side = "top", align = "start", children }: { id: string; content: string; side?: "top" | "bottom"; align?: "start" | "end"; children: ReactNode }) {
  const place = side === "top" ? "bottom-full mb-2" : "top-full mt-2";
  const edge = align === "start" ? "left-0" : "right-0";
  const area = {
    top: { start: "supports-[position-area:top]:[position-area:top_span-right]", end: "supports-[position-area:top]:[position-area:top_span-left]" },
    bottom: { start: "supports-[position-area:top]:[position-area:bottom_span-right]", end: "supports-[position-area:top]:[position-area:bottom_span-left]" },
  }[side][align];
  return (
    <span className="group/tooltip relative inline-flex [anchor-name:--tooltip] [anchor-scope:--tooltip]">
      {children}
      <span
        role="tooltip"
        id={id}
        className={cn(
          "pointer-events-none invisible absolute z-[60] w-max max-w-[min(16rem,calc(100vw-1rem))] rounded-control border border-border bg-surface-raised px-2.5 py-1.5 text-left text-xs/5 font-normal text-foreground shadow-lg shadow-black/40",
          "group-focus-within/tooltip:visible group-hover/tooltip:visible",
          place,
          edge,
          "supports-[position-area:top]:fixed supports-[position-area:top]:inset-auto supports-[position-area:top]:[position-anchor:--tooltip] supports-[position-area:top]:[position-try-fallbacks:flip-inline,flip-block,flip-block_flip-inline]",
          area,
        )}
      >
        {content}
      </span>
    </span>
  );
}

function StatChip({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const id = `tip-${label.toLowerCase()}`;
  return (
    <Tooltip id={id} content={label} side="bottom" align="end">
      <span
        tabIndex={0}
        aria-describedby={id}
        data-testid={`chip-${label.toLowerCase()}`}
        className="inline-flex cursor-default items-center gap-1.5 rounded-full bg-black/45 px-2.5 py-1 text-xs font-medium tabular-nums text-white/90 ring-1 ring-white/15 backdrop-blur-md focus-visible:outline-2 focus-visible:outline-white/70"
      >
        {icon}
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </Tooltip>
  );
}

function Badge({ badgeType }: { badgeType: BadgeType }) {
  const look = badgeLook(badgeType);
  const Icon = look.icon;
  const id = `tip-badge-${badgeType}`;
  return (
    <Tooltip id={id} content={BADGES[badgeType]?.description ?? badgeType}>
      <span
        tabIndex={0}
        data-badge={badgeType}
        aria-describedby={id}
        className={cn("inline-flex cursor-default items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium", "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary", look.classes)}
      >
        <Icon className="size-3.5" aria-hidden />
        {BADGES[badgeType]?.label ?? badgeType}
      </span>
    </Tooltip>
  );
}

/**
 * An image of the card, there from the start (no script): `lazy` below the fold. Its frame's
 * data-state (loading, then loaded or error) is the editor's CardImage's, set by the script.
 */
function CardImage({ src, alt, className, imgStyle, lazy = true, size }: { src: string; alt: string; className: string; imgStyle?: CSSProperties; lazy?: boolean; size?: number }) {
  return (
    <span data-state="loading" className={cn("relative block shrink-0 overflow-hidden", className)}>
      <img src={src} alt={alt} width={size} height={size} loading={lazy ? "lazy" : undefined} decoding="async" draggable={false} style={imgStyle} className="block size-full object-cover" />
    </span>
  );
}

function LinkIcon({ link }: { link: PublicUserLink }) {
  const iconUrl = link.iconType === "custom" ? safeMediaUrl(link.iconUrl) : null;
  if (iconUrl) return <CardImage src={iconUrl} alt="" className="size-5 rounded-[4px]" size={20} />;
  const Icon = LINK_ICONS[link.iconType !== "custom" && isBuiltInLinkIcon(link.iconName) ? link.iconName : FALLBACK_LINK_ICON];
  return <Icon className="size-5" aria-hidden />;
}

function CardLinks({ links }: { links: PublicUserLink[] }) {
  if (links.length === 0) return null;
  const classes = cn(
    "group flex min-h-12 w-full items-center gap-3 rounded-xl border px-4 py-2.5 text-sm font-medium transition-[background-color,border-color,transform] duration-200",
    "[border-color:color-mix(in_srgb,var(--card-primary)_14%,transparent)] [background-color:color-mix(in_srgb,var(--card-primary)_6%,transparent)]",
  );
  return (
    <ul aria-label="Links" className="flex w-full flex-col gap-2.5">
      {links.map((link) => {
        const href = safeLinkUrl(link.url);
        const body = (
          <>
            <span className="grid size-6 shrink-0 place-items-center" style={{ color: "var(--card-icon)" }}>
              <LinkIcon link={link} />
            </span>
            <span className="min-w-0 flex-1 truncate text-center">{link.title}</span>
            <ArrowUpRight className="size-4 shrink-0 opacity-50 transition-opacity group-hover:opacity-100" aria-hidden />
          </>
        );
        return (
          <li key={link.id}>
            {href ? (
              <a
                href={href}
                target={href.startsWith("mailto:") ? undefined : "_blank"}
                rel="noopener noreferrer nofollow ugc"
                data-card-link={link.id}
                className={cn(
                  classes,
                  "hover:-translate-y-0.5 hover:[border-color:var(--card-theme)] hover:[background-color:color-mix(in_srgb,var(--card-theme)_18%,transparent)]",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:[outline-color:var(--card-theme)]",
                )}
                style={{ color: "var(--card-primary)" }}
              >
                {body}
              </a>
            ) : (
              <span className={cn(classes, "opacity-60")} style={{ color: "var(--card-primary)" }}>
                {body}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The card's music as markup the script brings to life (client/src/card-main.ts): without script
 * the audio element's own controls play it.
 */
function TrackPlayer({ track }: { track: CardTrack }) {
  const name = track.name?.trim() || "Untitled track";
  const bar = { backgroundColor: "color-mix(in srgb, var(--card-primary) 15%, transparent)", ["--tw-ring-color" as string]: "var(--card-theme)" };
  return (
    <section
      aria-label="Music player"
      data-testid="track-player"
      data-card-player
      className="w-full rounded-xl border p-3 text-left"
      style={{ borderColor: "color-mix(in srgb, var(--card-primary) 12%, transparent)", backgroundColor: "color-mix(in srgb, var(--card-primary) 5%, transparent)" }}
    >
      <audio src={track.audioUrl} preload="metadata" controls data-card-audio className="mb-2 w-full" />
      <div className="flex items-center gap-3">
        {track.coverUrl ? (
          <CardImage src={track.coverUrl} alt="" className="size-12 rounded-lg sm:size-14" size={56} />
        ) : (
          <span aria-hidden className="grid size-12 shrink-0 place-items-center rounded-lg sm:size-14" style={{ backgroundColor: "color-mix(in srgb, var(--card-theme) 22%, transparent)", color: "var(--card-icon)" }}>
            <Music className="size-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm/5 font-semibold" style={{ color: "var(--card-primary)" }} title={name}>
            {name}
          </p>
          <p className="mt-0.5 text-xs" style={{ color: "var(--card-secondary)" }} data-card-status>
            Paused
          </p>
        </div>
        <button
          type="button"
          hidden
          data-card-toggle
          aria-label="Play"
          className="grid size-11 shrink-0 cursor-pointer place-items-center rounded-full text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
          style={{ backgroundColor: "var(--card-theme)", outlineColor: "var(--card-theme)" }}
        >
          <Play className="ml-0.5 size-5" fill="currentColor" aria-hidden data-icon="play" />
          <Pause className="size-5" fill="currentColor" aria-hidden data-icon="pause" display="none" />
        </button>
      </div>
      <div hidden data-card-controls>
        <div role="slider" tabIndex={0} aria-label="Seek" aria-valuemin={0} aria-valuemax={0} aria-valuenow={0} aria-valuetext="0:00 of 0:00" data-card-seek className="group mt-3 cursor-pointer py-1.5 focus-visible:outline-none">
          <div className="relative h-1.5 rounded-full group-focus-visible:ring-2" style={bar}>
            <div data-testid="track-progress" className="h-full rounded-full" style={{ width: "0%", backgroundColor: "var(--card-theme)" }} />
            <span aria-hidden className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100" style={{ left: "0%" }} />
          </div>
        </div>
        <div className="mt-0.5 flex items-center justify-between gap-2">
          <span className="text-xs whitespace-nowrap tabular-nums" style={{ color: "var(--card-secondary)" }} data-card-time>
            0:00 / 0:00
          </span>
          <div className="flex items-center gap-1">
            <button type="button" aria-label="Mute" data-card-mute className="grid size-7 shrink-0 cursor-pointer place-items-center rounded-md focus-visible:outline-2" style={{ color: "var(--card-secondary)", outlineColor: "var(--card-theme)" }}>
              <VolumeX className="size-4" aria-hidden data-icon="muted" display="none" />
              <Volume1 className="size-4" aria-hidden data-icon="low" display="none" />
              <Volume2 className="size-4" aria-hidden data-icon="high" />
            </button>
            <div role="slider" tabIndex={0} aria-label="Volume" aria-valuemin={0} aria-valuemax={100} aria-valuenow={50} aria-valuetext="50%" data-card-volume className="group w-16 cursor-pointer py-1.5 focus-visible:outline-none min-[400px]:w-20 sm:w-24">
              <div className="h-1 rounded-full group-focus-visible:ring-2" style={bar}>
                <div data-testid="track-volume" className="h-full rounded-full" style={{ width: "50%", backgroundColor: "var(--card-secondary)" }} />
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The card box (client features/bio/card/bio-card-view.tsx, as the public page shows it). */
function BioCard({ content, look }: { content: CardContent; look: CardLook }) {
  const name = content.displayName?.trim() || content.username;
  const spacing = look.boxInnerSpacing;
  const hasBanner = Boolean(content.bannerUrl);
  const sparkles = sparkleStyle(content.usernameSparkles);
  const bioText = content.bioText?.trim();
  const location = content.location?.trim();

  return (
    <article aria-label={`${name}'s bio card`} data-testid="bio-card" className="relative flex flex-col items-center overflow-hidden text-center" style={cardBoxStyle(look) as CSSProperties}>
      {content.bannerUrl && (
        <div data-testid="card-banner" className="relative h-32 w-[calc(100%+var(--bleed)*2)] shrink-0 overflow-hidden sm:h-40" style={{ margin: `-${spacing}px -${spacing}px 0`, ["--bleed" as string]: `${spacing}px` }}>
          <CardImage src={content.bannerUrl} alt="" className="size-full" lazy={false} imgStyle={content.bannerBlur > 0 ? { filter: `blur(${content.bannerBlur}px)`, transform: "scale(1.1)" } : undefined} />
        </div>
      )}
      {content.showStats && (content.showViews || content.showUid) && (
        <div className={cn("z-10 flex flex-wrap justify-end gap-1.5", hasBanner ? "absolute top-3 right-3" : "mb-1 self-end")}>
          {content.showViews && (
            <StatChip label="Views" icon={<Eye className="size-3.5" aria-hidden />}>
              <span data-card-views>{content.viewsCount.toLocaleString("en-US")}</span>
            </StatChip>
          )}
          {content.showUid && (
            <StatChip label="UID" icon={<Hash className="size-3.5" aria-hidden />}>
              {content.uid}
            </StatChip>
          )}
        </div>
      )}

      {content.showAvatar && (
        <div className={cn("relative shrink-0 rounded-full p-1", hasBanner ? "-mt-12" : spacing === 0 ? "mt-3" : "")} style={{ backgroundColor: hasBanner ? look.boxColor : "transparent" }}>
          {content.avatarUrl ? (
            <CardImage src={content.avatarUrl} alt={`${content.username}'s avatar`} className="size-24 rounded-full sm:size-28" lazy={false} size={112} />
          ) : (
            <span aria-hidden className="grid size-24 place-items-center rounded-full text-4xl font-bold text-white sm:size-28" style={{ background: `linear-gradient(135deg, ${look.themeColor}, color-mix(in srgb, ${look.themeColor} 45%, #000))` }}>
              {content.username.charAt(0).toUpperCase()}
            </span>
          )}
          {content.isOnline !== undefined && (
            <span
              data-testid="card-online-status"
              role="img"
              aria-label={content.isOnline ? "Online" : "Offline"}
              title={content.isOnline ? "Online" : "Offline"}
              className={cn("absolute right-2 bottom-2 size-5 rounded-full border-[3px]", content.isOnline ? "bg-emerald-500" : "bg-zinc-500")}
              style={{ borderColor: look.boxColor }}
            />
          )}
        </div>
      )}

      <div className={cn("flex w-full flex-col items-center gap-1", content.showAvatar ? "mt-3" : hasBanner ? "mt-4" : "")}>
        <h1 className="max-w-full break-words px-4 text-2xl font-bold tracking-tight sm:text-3xl" style={{ color: look.primaryColor }} data-sparkles={sparkles ? content.usernameSparkles : undefined}>
          {sparkles ? (
            <span className={sparkles.className} style={sparkles.color ? ({ "--sparkle-color": sparkles.color } as CSSProperties) : undefined}>
              <span className="bio-sparkles-inner">{name}</span>
            </span>
          ) : (
            name
          )}
        </h1>
        <p className="text-sm" style={{ color: look.secondaryColor }}>
          @{content.username}
        </p>
      </div>

      {content.badges.length > 0 && (
        <ul aria-label="Badges" className="mt-3 flex flex-wrap justify-center gap-1.5">
          {content.badges.map((badge) => (
            <li key={badge.badgeType} className="flex">
              <Badge badgeType={badge.badgeType} />
            </li>
          ))}
        </ul>
      )}

      {bioText && (
        <p data-testid="card-bio" className="mt-4 max-w-prose whitespace-pre-line text-sm/6 [overflow-wrap:anywhere] sm:text-[0.9375rem]/7" style={{ color: look.secondaryColor }}>
          {bioText}
        </p>
      )}

      {location && (
        <p className="mt-3 inline-flex max-w-full items-center gap-1.5 text-sm" style={{ color: look.secondaryColor }}>
          <MapPin className="size-4 shrink-0" style={{ color: look.iconColor }} aria-hidden />
          <span className="truncate">{location}</span>
        </p>
      )}

      {(content.links.length > 0 || content.track) && (
        <div className="mt-6 flex w-full flex-col gap-4">
          <CardLinks links={content.links} />
          {content.track && <TrackPlayer track={content.track} />}
        </div>
      )}
    </article>
  );
}

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
  const backgroundUrl = safeMediaUrl(background.imageUrl);
  const backgroundBlur = background.blur > 0 ? { filter: `blur(${background.blur}px)`, transform: "scale(1.08)" } : undefined;
  const reveal = card.enableRevealScreen;
  const hiddenUntilRevealed: CSSProperties | undefined = reveal ? { visibility: "hidden" } : undefined;

  return (
    <div
      data-testid="public-bio-card"
      data-card-page={card.username}
      data-enter={enterAnimationClass(card.enterAnimation) ?? undefined}
      className="absolute inset-x-0 top-0 z-50 flex min-h-dvh flex-col overflow-x-clip bg-black"
    >
      <div aria-hidden data-testid="card-backdrop" className="absolute inset-0 overflow-hidden" style={backgroundFill(background.style, background.themeColor) as CSSProperties}>
        {backgroundUrl &&
          (uploadFormatOf(backgroundUrl)?.media === "video" ? (
            <video src={backgroundUrl} autoPlay muted loop playsInline data-card-video className="absolute inset-0 size-full object-cover" style={backgroundBlur} />
          ) : (
            <CardImage src={backgroundUrl} alt="" lazy={false} className="absolute inset-0 size-full" imgStyle={backgroundBlur} />
          ))}
        {backgroundUrl && <div className="absolute inset-0 bg-black/30" />}
      </div>
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
