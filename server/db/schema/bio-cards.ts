import { boolean, integer, jsonb, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { BIO_CARD_DEFAULTS as DEFAULTS, TEXT_LIMITS, type BackgroundStyle, type BadgeType, type CardStyle, type EnterAnimation, type UsernameSparkles } from "@shared/constants";
import { createdAt, hexColor, timestamptz, updatedAt } from "./columns";
import { users } from "./users";

/** One card per member; limits and defaults come from shared/constants, as the editor shows them. */
export const bioCards = pgTable("bio_cards", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .unique("bio_cards_user_id_unique")
    .references(() => users.id, { onDelete: "cascade" }),
  displayName: varchar("display_name", { length: TEXT_LIMITS.displayName }),
  bioText: varchar("bio_text", { length: TEXT_LIMITS.bioText }),
  bioAvatar: text("bio_avatar"),
  bioBanner: text("bio_banner"),
  bannerBlur: integer("banner_blur").notNull().default(DEFAULTS.bannerBlur),
  backgroundImage: text("background_image"),
  backgroundImageBlur: integer("background_image_blur").notNull().default(DEFAULTS.backgroundImageBlur),
  location: varchar("location", { length: TEXT_LIMITS.location }),
  website: varchar("website", { length: TEXT_LIMITS.website }),
  twitter: varchar("twitter", { length: TEXT_LIMITS.socialHandle }),
  github: varchar("github", { length: TEXT_LIMITS.socialHandle }),
  discord: varchar("discord", { length: TEXT_LIMITS.socialHandle }),
  telegram: varchar("telegram", { length: TEXT_LIMITS.socialHandle }),
  instagram: varchar("instagram", { length: TEXT_LIMITS.socialHandle }),
  linkedin: varchar("linkedin", { length: TEXT_LIMITS.socialHandle }),
  youtube: varchar("youtube", { length: TEXT_LIMITS.socialHandle }),
  primaryColor: hexColor("primary_color").notNull().default(DEFAULTS.primaryColor),
  secondaryColor: hexColor("secondary_color").notNull().default(DEFAULTS.secondaryColor),
  boxColor: hexColor("box_color").notNull().default(DEFAULTS.boxColor),
  borderColor: hexColor("border_color").notNull().default(DEFAULTS.borderColor),
  boxShadowColor: hexColor("box_shadow_color").notNull().default(DEFAULTS.boxShadowColor),
  themeColor: hexColor("theme_color").notNull().default(DEFAULTS.themeColor),
  boxWidth: integer("box_width").notNull().default(DEFAULTS.boxWidth),
  boxInnerSpacing: integer("box_inner_spacing").notNull().default(DEFAULTS.boxInnerSpacing),
  boxOpacity: integer("box_opacity").notNull().default(DEFAULTS.boxOpacity),
  boxRadius: integer("box_radius").notNull().default(DEFAULTS.boxRadius),
  boxBlur: integer("box_blur").notNull().default(DEFAULTS.boxBlur),
  boxShadowOpacity: integer("box_shadow_opacity").notNull().default(DEFAULTS.boxShadowOpacity),
  borderWidth: integer("border_width").notNull().default(DEFAULTS.borderWidth),
  borderOpacity: integer("border_opacity").notNull().default(DEFAULTS.borderOpacity),
  backgroundStyle: varchar("background_style", { length: 20 }).$type<BackgroundStyle>().notNull().default(DEFAULTS.backgroundStyle),
  cardStyle: varchar("card_style", { length: 20 }).$type<CardStyle>().notNull().default(DEFAULTS.cardStyle),
  showBadges: boolean("show_badges").notNull().default(DEFAULTS.showBadges),
  showStats: boolean("show_stats").notNull().default(DEFAULTS.showStats),
  showOnlineStatus: boolean("show_online_status").notNull().default(DEFAULTS.showOnlineStatus),
  showUid: boolean("show_uid").notNull().default(DEFAULTS.showUid),
  showViews: boolean("show_views").notNull().default(DEFAULTS.showViews),
  showAvatar: boolean("show_avatar").notNull().default(DEFAULTS.showAvatar),
  // Null means "every owned badge"; a list shows only those (docs/product.md "Bio cards").
  visibleBadges: jsonb("visible_badges").$type<BadgeType[] | null>(),
  viewsCount: integer("views_count").notNull().default(0),
  enterAnimation: varchar("enter_animation", { length: 40 }).$type<EnterAnimation>().notNull().default(DEFAULTS.enterAnimation),
  enableRevealScreen: boolean("enable_reveal_screen").notNull().default(DEFAULTS.enableRevealScreen),
  revealScreenText: varchar("reveal_screen_text", { length: TEXT_LIMITS.revealText }).notNull().default(DEFAULTS.revealScreenText),
  trackCover: text("track_cover"),
  trackAudio: text("track_audio"),
  trackUrl: varchar("track_url", { length: TEXT_LIMITS.url }),
  trackName: varchar("track_name", { length: TEXT_LIMITS.trackName }),
  useThemeColorForIcons: boolean("use_theme_color_for_icons").notNull().default(DEFAULTS.useThemeColorForIcons),
  usernameSparkles: varchar("username_sparkles", { length: 20 }).$type<UsernameSparkles>().notNull().default(DEFAULTS.usernameSparkles),
  isPublic: boolean("is_public").notNull().default(DEFAULTS.isPublic),
  /** Hidden by flags until reviewed: the card answers as not public to everyone but its owner. */
  hiddenAt: timestamptz("hidden_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
