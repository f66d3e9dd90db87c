import { Globe, Link2, Mail, MessageSquare, Music, Send, User, type LucideIcon } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { BUILT_IN_LINK_ICONS, FALLBACK_LINK_ICON, type BuiltInLinkIcon } from "@shared/constants";
import type { UserLink } from "@shared/types";
import { DiscordIcon, GithubIcon, TelegramIcon } from "@/components/brand-icons";
import { cn } from "@/lib/cn";
import { safeMediaUrl } from "./audio-url";
import {
  BeatstarsGlyph,
  InstagramGlyph,
  LinkedinGlyph,
  PinterestGlyph,
  SoundcloudGlyph,
  SpotifyGlyph,
  SteamGlyph,
  TiktokGlyph,
  TwitchGlyph,
  TwitterBirdGlyph,
  VkGlyph,
  YoutubeGlyph,
} from "./brand-glyphs";
import { CardImage } from "./card-image";

type IconComponent = LucideIcon | ComponentType<SVGProps<SVGSVGElement>>;

/** Every built-in icon a link may name (shared BUILT_IN_LINK_ICONS), with its drawing. */
export const LINK_ICONS: Record<BuiltInLinkIcon, IconComponent> = {
  Globe,
  User,
  Mail,
  Music,
  MessageSquare,
  Send,
  Twitter: TwitterBirdGlyph,
  Linkedin: LinkedinGlyph,
  Website: Link2,
  YouTube: YoutubeGlyph,
  VK: VkGlyph,
  TikTok: TiktokGlyph,
  Twitch: TwitchGlyph,
  Telegram: TelegramIcon,
  Steam: SteamGlyph,
  Spotify: SpotifyGlyph,
  SoundCloud: SoundcloudGlyph,
  Pinterest: PinterestGlyph,
  Instagram: InstagramGlyph,
  Github: GithubIcon,
  Discord: DiscordIcon,
  BeatStars: BeatstarsGlyph,
};

export function isBuiltInLinkIcon(name: unknown): name is BuiltInLinkIcon {
  return typeof name === "string" && (BUILT_IN_LINK_ICONS as readonly string[]).includes(name);
}

/** A built-in icon by name; unknown names draw the fallback (Globe). */
export function BuiltInIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = LINK_ICONS[isBuiltInLinkIcon(name) ? name : FALLBACK_LINK_ICON];
  return <Icon className={cn("size-5", className)} aria-hidden />;
}

/**
 * A link's icon: its built-in icon, or its uploaded image (a broken or missing image shows a
 * globe instead).
 */
export function LinkIcon({ link, className }: { link: Pick<UserLink, "iconType" | "iconName" | "iconUrl">; className?: string }) {
  const iconUrl = link.iconType === "custom" ? safeMediaUrl(link.iconUrl) : null;
  if (link.iconType === "custom") {
    if (!iconUrl) return <BuiltInIcon name={FALLBACK_LINK_ICON} className={className} />;
    return (
      <CardImage
        src={iconUrl}
        alt=""
        className={cn("size-5 rounded-[4px]", className)}
        fallback={<BuiltInIcon name={FALLBACK_LINK_ICON} className={className} />}
      />
    );
  }
  return <BuiltInIcon name={link.iconName} className={className} />;
}
