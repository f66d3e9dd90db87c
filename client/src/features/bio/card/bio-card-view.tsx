import { ArrowUpRight, Eye, Hash, MapPin } from "lucide-react";
import type { ReactNode, Ref } from "react";
import type { PublicUserLink } from "@shared/types";
import { BadgeChip, BadgeChipList, badgeDescription } from "@/components/badge-chip";
import { CssTooltip } from "@/components/ui/css-tooltip";
import { cn } from "@/lib/cn";
import { safeLinkUrl } from "@shared/bio-card/audio-url";
import { CardImage } from "./card-image";
import { cardBoxStyle, type CardContent, type CardLook } from "@shared/bio-card/card-model";
import { DisplayName } from "./display-name";
import { LinkIcon } from "./link-icon";
import { TrackPlayer, type TrackPlayerHandle } from "./track-player";

interface BioCardViewProps {
  content: CardContent;
  look: CardLook;
  /** A cap on the box width (the editor's preview: 400 px). */
  maxWidth?: number;
  /** The name is the page's h1 on the public page, an h2 in the preview. */
  headingLevel?: 1 | 2;
  /** Whether the track player is shown (the preview hides it while its reveal overlay is up). */
  showPlayer?: boolean;
  playerRef?: Ref<TrackPlayerHandle>;
  /** Called when a visitor opens a link (click or middle click); the link itself stays a plain href. */
  onLinkOpen?: (link: PublicUserLink) => void;
  className?: string;
}

/** A chip at the card's top right corner: its tooltip opens below, towards the card's middle. */
function StatChip({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <CssTooltip content={label} side="bottom" align="end">
      <span
        tabIndex={0}
        data-testid={`chip-${label.toLowerCase()}`}
        className="inline-flex cursor-default items-center gap-1.5 rounded-full bg-black/45 px-2.5 py-1 text-xs font-medium tabular-nums text-white/90 ring-1 ring-white/15 backdrop-blur-md focus-visible:outline-2 focus-visible:outline-white/70"
      >
        {icon}
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </CssTooltip>
  );
}

function OnlineDot({ online, boxColor }: { online: boolean; boxColor: string }) {
  return (
    <span
      data-testid="card-online-status"
      role="img"
      aria-label={online ? "Online" : "Offline"}
      title={online ? "Online" : "Offline"}
      className={cn("absolute right-2 bottom-2 size-5 rounded-full border-[3px]", online ? "bg-emerald-500" : "bg-zinc-500")}
      style={{ borderColor: boxColor }}
    />
  );
}

function CardLinks({ links, onLinkOpen }: { links: PublicUserLink[]; onLinkOpen?: (link: PublicUserLink) => void }) {
  if (links.length === 0) return null;
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
        const classes = cn(
          "group flex min-h-12 w-full items-center gap-3 rounded-xl border px-4 py-2.5 text-sm font-medium transition-[background-color,border-color,transform] duration-200",
          "[border-color:color-mix(in_srgb,var(--card-primary)_14%,transparent)] [background-color:color-mix(in_srgb,var(--card-primary)_6%,transparent)]",
        );
        return (
          <li key={link.id}>
            {href ? (
              <a
                href={href}
                target={href.startsWith("mailto:") ? undefined : "_blank"}
                rel="noopener noreferrer nofollow ugc"
                onClick={() => onLinkOpen?.(link)}
                onAuxClick={(event) => event.button === 1 && onLinkOpen?.(link)}
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
 * A bio card: banner, views and UID chips, avatar, display name with its sparkles, badges, bio,
 * location, links and the track player, in the card's colours and dimensions. Everything the
 * member wrote is rendered as text.
 */
export function BioCardView({ content, look, maxWidth, headingLevel = 1, showPlayer = true, playerRef, onLinkOpen, className }: BioCardViewProps) {
  const name = content.displayName?.trim() || content.username;
  const spacing = look.boxInnerSpacing;
  const hasBanner = Boolean(content.bannerUrl);
  const avatar = content.showAvatar ? content.avatarUrl : null;

  const chips = content.showStats && (content.showViews || content.showUid) && (
    <div className={cn("z-10 flex flex-wrap justify-end gap-1.5", hasBanner ? "absolute top-3 right-3" : "mb-1 self-end")}>
      {content.showViews && (
        <StatChip label="Views" icon={<Eye className="size-3.5" aria-hidden />}>
          {content.viewsCount.toLocaleString("en-US")}
        </StatChip>
      )}
      {content.showUid && (
        <StatChip label="UID" icon={<Hash className="size-3.5" aria-hidden />}>
          {content.uid}
        </StatChip>
      )}
    </div>
  );

  // A card keeps its own colours whatever the site's theme: the site's pieces on it (badge chips) stay dark.
  return (
    <article
      aria-label={`${name}'s bio card`}
      data-testid="bio-card"
      data-theme="dark"
      className={cn("relative flex flex-col items-center overflow-hidden text-center", className)}
      style={cardBoxStyle(look, maxWidth)}
    >
      {hasBanner && (
        <div
          data-testid="card-banner"
          className="relative h-32 w-[calc(100%+var(--bleed)*2)] shrink-0 overflow-hidden sm:h-40"
          style={{ margin: `-${spacing}px -${spacing}px 0`, ["--bleed" as string]: `${spacing}px` }}
        >
          <CardImage
            src={content.bannerUrl}
            alt=""
            className="size-full"
            imgStyle={content.bannerBlur > 0 ? { filter: `blur(${content.bannerBlur}px)`, transform: "scale(1.1)" } : undefined}
          />
        </div>
      )}
      {chips}

      {content.showAvatar && (
        <div
          className={cn("relative shrink-0 rounded-full p-1", hasBanner ? "-mt-12" : spacing === 0 ? "mt-3" : "")}
          style={{ backgroundColor: hasBanner ? look.boxColor : "transparent" }}
        >
          {avatar ? (
            <CardImage src={avatar} alt={`${content.username}'s avatar`} className="size-24 rounded-full sm:size-28" />
          ) : (
            <span
              aria-hidden
              className="grid size-24 place-items-center rounded-full text-4xl font-bold text-white sm:size-28"
              style={{ background: `linear-gradient(135deg, ${look.themeColor}, color-mix(in srgb, ${look.themeColor} 45%, #000))` }}
            >
              {content.username.charAt(0).toUpperCase()}
            </span>
          )}
          {content.isOnline !== undefined && <OnlineDot online={content.isOnline} boxColor={look.boxColor} />}
        </div>
      )}

      <div className={cn("flex w-full flex-col items-center gap-1", content.showAvatar ? "mt-3" : hasBanner ? "mt-4" : "")}>
        <DisplayName
          name={name}
          sparkles={content.usernameSparkles}
          as={headingLevel === 1 ? "h1" : "h2"}
          className="px-4 text-2xl font-bold tracking-tight sm:text-3xl"
          style={{ color: look.primaryColor }}
        />
        <p className="text-sm" style={{ color: look.secondaryColor }}>
          @{content.username}
        </p>
      </div>

      <BadgeChipList
        badges={content.badges}
        renderBadge={(badge) => (
          <CssTooltip content={badgeDescription(badge.badgeType)}>
            <BadgeChip badgeType={badge.badgeType} />
          </CssTooltip>
        )}
        className="mt-3 justify-center"
      />

      {content.bioText?.trim() && (
        <p data-testid="card-bio" className="mt-4 max-w-prose whitespace-pre-line text-sm/6 [overflow-wrap:anywhere] sm:text-[0.9375rem]/7" style={{ color: look.secondaryColor }}>
          {content.bioText.trim()}
        </p>
      )}

      {content.location?.trim() && (
        <p className="mt-3 inline-flex max-w-full items-center gap-1.5 text-sm" style={{ color: look.secondaryColor }}>
          <MapPin className="size-4 shrink-0" style={{ color: look.iconColor }} aria-hidden />
          <span className="truncate">{content.location.trim()}</span>
        </p>
      )}

      {(content.links.length > 0 || (showPlayer && content.track)) && (
        <div className="mt-6 flex w-full flex-col gap-4">
          <CardLinks links={content.links} onLinkOpen={onLinkOpen} />
          {showPlayer && content.track && <TrackPlayer ref={playerRef} track={content.track} />}
        </div>
      )}
    </article>
  );
}
