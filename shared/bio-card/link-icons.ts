// The built-in icons a card's link may name, drawn by the editor, the app and the server-rendered
// public card (server/card-page/) alike.
import { Globe, Link2, Mail, MessageSquare, Music, Send, User, type LucideIcon } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { BUILT_IN_LINK_ICONS, type BuiltInLinkIcon } from "@shared/constants";
import { DiscordIcon, GithubIcon, TelegramIcon } from "./brand-icons";
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

