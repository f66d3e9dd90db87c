// The card as the public page (/{username}, rendered on the server: server/card-page/) and the
// editor's live preview both show it: one markup, so the two cannot drift. It needs no script (every
// link a real <a href>, tooltips in CSS, the audio element's own controls); the plain DOM code of
// client features/bio/card/card-behaviour.ts brings the player and the images' states to life on
// both, finding the parts by their data-card-* attributes. Nothing here may use React state or
// effects: the server renders it to a string, and the public page sends no React.
import { ArrowUpRight, Eye, Hash, MapPin, Music, Pause, Play, Volume1, Volume2, VolumeX } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { BADGES, FALLBACK_LINK_ICON, uploadFormatOf, type BadgeType } from "../constants";
import type { PublicUserLink } from "../types";
import { safeLinkUrl, safeMediaUrl } from "./audio-url";
import { badgeLook } from "./badge-looks";
import { backgroundFill, cardBoxStyle, type CardBackground, type CardContent, type CardLook, type CardTrack } from "./card-model";
import { sparkleStyle } from "./card-options";
import { isBuiltInLinkIcon, LINK_ICONS } from "./link-icons";

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

/**
 * A badge chip in the site's dark look, on a dark backing as the stat chips have: its light text
 * stays legible on a card of any colour (on a light box it was not).
 */
function Badge({ badgeType }: { badgeType: BadgeType }) {
  const look = badgeLook(badgeType);
  const Icon = look.icon;
  const id = `tip-badge-${badgeType}`;
  return (
    <Tooltip id={id} content={BADGES[badgeType]?.description ?? badgeType}>
      <span className="inline-flex rounded-full bg-black/70">
        <span
          tabIndex={0}
          data-badge={badgeType}
          aria-describedby={id}
          className={cn("inline-flex cursor-default items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium", "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary", look.classes)}
        >
          <Icon className="size-3.5" aria-hidden />
          {BADGES[badgeType]?.label ?? badgeType}
        </span>
      </span>
    </Tooltip>
  );
}

/**
 * An image of the card, there from the start (no script): `lazy` below the fold. Its frame's
 * data-state (loading, then loaded or error) is set by the script that brings the card to life
 * (client features/bio/card/card-behaviour.ts).
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
  if (iconUrl) return <CardImage key={iconUrl} src={iconUrl} alt="" className="size-5 rounded-[4px]" size={20} />;
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
 * the audio element's own controls play it. Of each button's icons one shows at a time, the others
 * carry the `hidden` class (an SVG `display` attribute would lose to the stylesheet's `svg { display:
 * block }`).
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
          <CardImage key={track.coverUrl} src={track.coverUrl} alt="" className="size-12 rounded-lg sm:size-14" size={56} />
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
          <Pause className="hidden size-5" fill="currentColor" aria-hidden data-icon="pause" />
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
              <VolumeX className="hidden size-4" aria-hidden data-icon="muted" />
              <Volume1 className="hidden size-4" aria-hidden data-icon="low" />
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

interface BioCardProps {
  content: CardContent;
  look: CardLook;
  /** A cap on the box width (the editor's preview: 400 px). */
  maxWidth?: number;
  /** The name is the page's h1 on the public page, an h2 in the editor's preview. */
  headingLevel?: 1 | 2;
  /** Whether the track player is shown (the preview hides it while its reveal overlay is up). */
  showPlayer?: boolean;
}

/**
 * The card box: banner, views and UID chips, avatar, display name with its sparkles, badges, bio,
 * location, links and the track player, in the card's colours and dimensions. Everything the member
 * wrote is rendered as text. A card keeps its own colours whatever the site's theme: the site's
 * pieces on it (tooltips, badge chips) stay dark.
 */
export function BioCard({ content, look, maxWidth, headingLevel = 1, showPlayer = true }: BioCardProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const name = content.displayName?.trim() || content.username;
  const spacing = look.boxInnerSpacing;
  const hasBanner = Boolean(content.bannerUrl);
  const sparkles = sparkleStyle(content.usernameSparkles);
  const bioText = content.bioText?.trim();
  const location = content.location?.trim();

  return (
    <article aria-label={`${name}'s bio card`} data-testid="bio-card" data-theme="dark" className="relative flex flex-col items-center overflow-hidden text-center" style={cardBoxStyle(look, maxWidth) as CSSProperties}>
      {content.bannerUrl && (
        <div data-testid="card-banner" className="relative h-32 w-[calc(100%+var(--bleed)*2)] shrink-0 overflow-hidden sm:h-40" style={{ margin: `-${spacing}px -${spacing}px 0`, ["--bleed" as string]: `${spacing}px` }}>
          <CardImage key={content.bannerUrl} src={content.bannerUrl} alt="" className="size-full" lazy={false} imgStyle={content.bannerBlur > 0 ? { filter: `blur(${content.bannerBlur}px)`, transform: "scale(1.1)" } : undefined} />
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
            <CardImage key={content.avatarUrl} src={content.avatarUrl} alt={`${content.username}'s avatar`} className="size-24 rounded-full sm:size-28" lazy={false} size={112} />
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
        <Heading className="max-w-full break-words px-4 text-2xl font-bold tracking-tight sm:text-3xl" style={{ color: look.primaryColor }} data-sparkles={sparkles ? content.usernameSparkles : undefined}>
          {sparkles ? (
            <span className={sparkles.className} style={sparkles.color ? ({ "--sparkle-color": sparkles.color } as CSSProperties) : undefined}>
              <span className="bio-sparkles-inner">{name}</span>
            </span>
          ) : (
            name
          )}
        </Heading>
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

      {(content.links.length > 0 || (showPlayer && content.track)) && (
        <div className="mt-6 flex w-full flex-col gap-4">
          <CardLinks links={content.links} />
          {showPlayer && content.track && <TrackPlayer key={content.track.audioUrl} track={content.track} />}
        </div>
      )}
    </article>
  );
}

/**
 * What lies behind the card: the background image or video (blurred as set, darkened a little so
 * the card stands out) over a gradient or solid fill from the theme colour, which also shows while
 * the image loads or when it fails. `still`: the video does not start by itself (reduced motion).
 */
export function CardBackdrop({ background, className, still = false }: { background: CardBackground; className?: string; still?: boolean }) {
  const url = safeMediaUrl(background.imageUrl);
  const blur = background.blur > 0 ? { filter: `blur(${background.blur}px)`, transform: "scale(1.08)" } : undefined;
  return (
    <div aria-hidden data-testid="card-backdrop" className={cn("overflow-hidden", className)} style={backgroundFill(background.style, background.themeColor) as CSSProperties}>
      {url &&
        (uploadFormatOf(url)?.media === "video" ? (
          <video src={url} autoPlay={!still} muted loop playsInline data-card-video className="absolute inset-0 size-full object-cover" style={blur} />
        ) : (
          <CardImage key={url} src={url} alt="" lazy={false} className="absolute inset-0 size-full" imgStyle={blur} />
        ))}
      {url && <div className="absolute inset-0 bg-black/30" />}
    </div>
  );
}
