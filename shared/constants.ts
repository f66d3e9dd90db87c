// The product's rules as data, shared by server and client: every limit, list and default lives here
// once. How the client behaves (timings, display sizes) is client/src/lib/ui-constants.ts.
import type { BioCardSettings } from "./types/bio";

// ---------------------------------------------------------------- badges

export const BADGE_TYPES = [
  "owner",
  "og_user",
  "inviter",
  "verified",
  "suggestor",
  "trusted_user",
  "veteran",
  "loyal_member",
] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

export const MANUAL_BADGE_TYPES = ["owner", "verified", "suggestor", "trusted_user"] as const;
export type ManualBadgeType = (typeof MANUAL_BADGE_TYPES)[number];

export const AUTOMATIC_BADGE_TYPES = ["og_user", "inviter", "veteran", "loyal_member"] as const;
export type AutomaticBadgeType = (typeof AUTOMATIC_BADGE_TYPES)[number];

export const BADGES: Record<BadgeType, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Service owner" },
  og_user: { label: "OG User", description: "Early adopter" },
  inviter: { label: "Inviter", description: "Invited 10+ users" },
  verified: { label: "Verified", description: "Verified member" },
  suggestor: { label: "Suggestor", description: "Suggested great ideas" },
  trusted_user: { label: "Trusted User", description: "Trusted member of the community" },
  veteran: { label: "Veteran", description: "Member for over a year" },
  loyal_member: { label: "Loyal Member", description: "100+ forum posts" },
};

/** Thresholds from which the automatic badges are derived. */
export const AUTOMATIC_BADGE_RULES = {
  ogUserMaxAccountNumber: 100,
  inviterMinUsedInvites: 10,
  veteranMinAccountAgeDays: 365,
  loyalMemberMinPosts: 100,
} as const;

// ---------------------------------------------------------------- text limits

/** Maximum lengths in characters (plus the few minimums). */
export const TEXT_LIMITS = {
  usernameMin: 3,
  usernameMax: 20,
  passwordMin: 8,
  passwordMax: 128,
  bio: 500,
  comment: 1000,
  topicTitle: 255,
  topicDescription: 2000,
  postContent: 10_000,
  location: 100,
  socialHandle: 50,
  website: 200,
  email: 254,
  banReason: 500,
  adminSearch: 100,
  displayName: 100,
  bioText: 500,
  revealText: 50,
  trackName: 200,
  linkTitle: 100,
  iconType: 20,
  /** The longest built-in icon name fits with room to spare. */
  iconName: 50,
  /** `#rrggbb`. */
  hexColor: 7,
  badgeType: 50,
  /** Any other URL (track links, link targets). */
  url: 2048,
  /** URL of an uploaded file. */
  fileUrl: 500,
} as const;

// ---------------------------------------------------------------- lists, invites, bans

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Default and maximum page of GET /api/topics/{id}/posts. */
export const TOPIC_POSTS_PAGE_SIZE = 100;
/** Topics per page of the forum list (it loads more as the reader scrolls). */
export const TOPICS_PAGE_SIZE = 50;

export const BAN_DURATION_DAYS = [1, 3, 7, 30] as const;

export const INVITE_CODE_LENGTH = 12;
/** Upper-case letters and digits without the look-alikes 0, O, 1, I and L. */
export const INVITE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const INVITE_MAX_EXPIRES_IN_DAYS = 365;
/** Invites an admin creates for a specific user (single or wave) expire after this. */
export const ASSIGNED_INVITE_EXPIRES_IN_DAYS = 30;

/** docs/product.md "Profile (`/user/{username}`)": a member's activity of all time, this many items a page. */
export const ACTIVITY_PAGE_SIZE = 20;
/** GET /api/users/{username}/activity?type=: which of a member's things it lists. */
export const ACTIVITY_FILTERS = ["all", "topics", "posts", "comments"] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

export const MAX_LINKS_PER_USER = 50;

/** The bio card analytics periods, in days (GET /api/bio/analytics?days=). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;
/** Analytics' referrers: the host of `Referer` (a DNS name is at most 253 characters), `direct` without one; the period's top 10. */
export const REFERRER_SOURCE_MAX_LENGTH = 253;
export const DIRECT_SOURCE = "direct";
export const TOP_REFERRERS = 10;

// ---------------------------------------------------------------- /ws

/** /ws close codes the client acts on (4000-4999 are the application's): it re-reads who is signed in. */
export const WS_CLOSE_SIGNED_OUT = 4401; // the session ended (logout, password change, expiry)
export const WS_CLOSE_NOT_ALLOWED = 4403; // the account may not connect (ban, deletion)
/** Topics one socket follows at once (the topic list aside); a subscription past it is refused. */
export const WS_MAX_FOLLOWED_TOPICS = 5;
/** A member's typing in a topic is passed on at most once in this long; the client sends no more often. */
export const TYPING_RELAY_INTERVAL_MS = 3_000;
/** How long "alice is typing…" shows after the last word of it. */
export const TYPING_SHOWN_MS = 5_000;
/** What an open topic hears over /ws: ids only, the client asks for what it may see. */
export const TOPIC_EVENTS = ["post_created", "post_edited", "post_deleted", "post_hidden", "reactions", "topic_edited", "topic_deleted"] as const;
/** What the topic list hears over /ws. */
export const TOPIC_LIST_EVENTS = ["topic_created", "topic_bumped"] as const;
export type TopicEventName = (typeof TOPIC_EVENTS)[number] | (typeof TOPIC_LIST_EVENTS)[number];

// ---------------------------------------------------------------- uploads

export type MediaCategory = "image" | "audio" | "video";

/** The longest name a file keeps from the member's device (what the editor shows it by; stored files get random names). */
export const UPLOAD_ORIGINAL_NAME_MAX_LENGTH = 255;

export interface UploadFormat {
  media: MediaCategory;
  /** The type the file is stored and served as. */
  mime: string;
  /** Other names browsers and systems give the same type ('image/jpg'): the picker and the check before sending take them too. */
  otherMimes: readonly string[];
  /** Other extensions a member's file of this format may have ('jpeg'). */
  otherExtensions: readonly string[];
}

const uploadFormat = (media: MediaCategory, mime: string, otherMimes: readonly string[] = [], otherExtensions: readonly string[] = []): UploadFormat => ({
  media,
  mime,
  otherMimes,
  otherExtensions,
});

/**
 * Every format an upload may have, the one list the server (which decides by the file's bytes) and
 * the client (its pickers, hints and checks) both read. Keyed by the extension a stored file gets:
 * the name file-type gives the format.
 */
export const UPLOAD_FORMATS = {
  png: uploadFormat("image", "image/png"),
  jpg: uploadFormat("image", "image/jpeg", ["image/jpg"], ["jpeg"]),
  gif: uploadFormat("image", "image/gif"),
  webp: uploadFormat("image", "image/webp"),
  mp3: uploadFormat("audio", "audio/mpeg", ["audio/mp3"]),
  wav: uploadFormat("audio", "audio/wav", ["audio/wave", "audio/x-wav"]),
  ogg: uploadFormat("audio", "audio/ogg", ["audio/vorbis"]),
  mp4: uploadFormat("video", "video/mp4"),
  webm: uploadFormat("video", "video/webm"),
  mov: uploadFormat("video", "video/quicktime"),
} as const satisfies Record<string, UploadFormat>;
export type UploadExtension = keyof typeof UPLOAD_FORMATS;
export const UPLOAD_EXTENSIONS = Object.keys(UPLOAD_FORMATS) as UploadExtension[];

export const isUploadExtension = (ext: string): ext is UploadExtension => Object.hasOwn(UPLOAD_FORMATS, ext);

/** The format a stored file's name or URL shows by its extension ('/uploads/ab12.mov'), if it is one. */
export function uploadFormatOf(name: string): UploadFormat | undefined {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(name)?.[1]?.toLowerCase();
  return ext && isUploadExtension(ext) ? UPLOAD_FORMATS[ext] : undefined;
}

export const UPLOAD_KIND_NAMES = [
  "avatar",
  "bioAvatar",
  "banner",
  "background",
  "trackCover",
  "trackAudio",
  "linkIcon",
  "postImage",
  "default",
] as const;
/** `default` applies when an upload names no kind. */
export type UploadKind = (typeof UPLOAD_KIND_NAMES)[number];

export interface UploadKindRule {
  maxMb: number;
  maxBytes: number;
  media: readonly MediaCategory[];
}

const uploadKind = (maxMb: number, media: readonly MediaCategory[]): UploadKindRule => ({
  maxMb,
  maxBytes: maxMb * 1024 * 1024,
  media,
});

export const UPLOAD_KINDS: Record<UploadKind, UploadKindRule> = {
  avatar: uploadKind(25, ["image"]),
  bioAvatar: uploadKind(10, ["image"]),
  banner: uploadKind(15, ["image"]),
  background: uploadKind(20, ["image", "video"]),
  trackCover: uploadKind(5, ["image"]),
  trackAudio: uploadKind(10, ["audio"]),
  linkIcon: uploadKind(2, ["image"]),
  /** An image pasted or dropped into a composer (docs/product.md "Forum"). */
  postImage: uploadKind(8, ["image"]),
  default: uploadKind(50, ["image", "audio", "video"]),
};

/**
 * The upload kind each field that holds an uploaded file takes (bio-card.md "Uploads"): a file saved
 * into the field must be of the kind's media and within its size.
 */
export const FILE_FIELD_KINDS = {
  avatar: "avatar",
  bioAvatar: "bioAvatar",
  bioBanner: "banner",
  backgroundImage: "background",
  trackCover: "trackCover",
  trackAudio: "trackAudio",
  iconUrl: "linkIcon",
} as const satisfies Record<string, UploadKind>;
export type FileField = keyof typeof FILE_FIELD_KINDS;

const formatsOf = (kind: UploadKind) =>
  UPLOAD_EXTENSIONS.map((ext) => [ext, UPLOAD_FORMATS[ext] as UploadFormat] as const).filter(([, format]) => UPLOAD_KINDS[kind].media.includes(format.media));

/** The MIME types an upload of this kind may have. */
export function acceptedMimeTypes(kind: UploadKind): string[] {
  return formatsOf(kind).flatMap(([, format]) => [format.mime, ...format.otherMimes]);
}

/** The file extensions an upload of this kind may have ('png, jpg, jpeg, gif, webp'). */
export function acceptedExtensions(kind: UploadKind): string[] {
  return formatsOf(kind).flatMap(([ext, format]) => [ext, ...format.otherExtensions]);
}

// ---------------------------------------------------------------- bio card options

export const ENTER_ANIMATIONS = [
  "none",
  "slideUp",
  "slideDown",
  "slideLeft",
  "slideRight",
  "slideBottomRightToTopLeft",
  "slideBottomLeftToTopRight",
  "slideTopLeftToBottomRight",
  "slideTopRightToBottomLeft",
  "bounce",
  "wobble",
  "spin",
  "zoomIn",
  "zoomOut",
] as const;
export type EnterAnimation = (typeof ENTER_ANIMATIONS)[number];

export const USERNAME_SPARKLES = [
  "none",
  "black",
  "blue",
  "green",
  "lightblue",
  "orange",
  "pink",
  "purple",
  "rainbow",
  "red",
  "white",
  "yellow",
] as const;
export type UsernameSparkles = (typeof USERNAME_SPARKLES)[number];

export const BACKGROUND_STYLES = ["gradient", "solid", "image"] as const;
export type BackgroundStyle = (typeof BACKGROUND_STYLES)[number];

export const CARD_STYLES = ["glass", "solid", "minimal"] as const;
export type CardStyle = (typeof CARD_STYLES)[number];

export const LINK_ICON_TYPES = ["built-in", "custom"] as const;
export type LinkIconType = (typeof LINK_ICON_TYPES)[number];
export const DEFAULT_LINK_ICON_TYPE: LinkIconType = "custom";

export const BUILT_IN_LINK_ICONS = [
  "Globe",
  "User",
  "Mail",
  "Music",
  "MessageSquare",
  "Send",
  "Twitter",
  "Linkedin",
  "Website",
  "YouTube",
  "VK",
  "TikTok",
  "Twitch",
  "Telegram",
  "Steam",
  "Spotify",
  "SoundCloud",
  "Pinterest",
  "Instagram",
  "Github",
  "Discord",
  "BeatStars",
] as const;
export type BuiltInLinkIcon = (typeof BUILT_IN_LINK_ICONS)[number];
export const FALLBACK_LINK_ICON: BuiltInLinkIcon = "Globe";

export interface SliderRange {
  label: string;
  min: number;
  max: number;
  step: number;
}

/** Keyed by bio card field. */
export const BIO_SLIDER_RANGES = {
  bannerBlur: { label: "Banner blur", min: 0, max: 20, step: 1 },
  backgroundImageBlur: { label: "Background blur", min: 0, max: 20, step: 1 },
  boxWidth: { label: "Box width", min: 400, max: 1500, step: 25 },
  boxInnerSpacing: { label: "Inner spacing", min: 0, max: 100, step: 5 },
  boxOpacity: { label: "Box opacity", min: 0, max: 100, step: 5 },
  boxRadius: { label: "Box radius", min: 0, max: 50, step: 2 },
  boxBlur: { label: "Box blur", min: 0, max: 100, step: 2 },
  boxShadowOpacity: { label: "Shadow opacity", min: 0, max: 100, step: 5 },
  borderWidth: { label: "Border width", min: 0, max: 5, step: 1 },
  borderOpacity: { label: "Border opacity", min: 0, max: 100, step: 5 },
} as const satisfies Record<string, SliderRange>;
export type BioSliderField = keyof typeof BIO_SLIDER_RANGES;

export const DEFAULT_THEME_COLOR = "#6366f1";
export const DEFAULT_REVEAL_SCREEN_TEXT = "Reveal Profile";

/** Values of a newly created card, as the editor shows them. */
export const BIO_CARD_DEFAULTS = {
  bannerBlur: 0,
  backgroundImageBlur: 0,
  primaryColor: "#ffffff",
  secondaryColor: "#a1a1aa",
  boxColor: "#000000",
  borderColor: "#404040",
  boxShadowColor: "#000000",
  themeColor: DEFAULT_THEME_COLOR,
  boxWidth: 500,
  boxInnerSpacing: 40,
  boxOpacity: 80,
  boxRadius: 0,
  boxBlur: 10,
  boxShadowOpacity: 30,
  borderWidth: 1,
  borderOpacity: 20,
  backgroundStyle: "gradient",
  cardStyle: "glass",
  showBadges: true,
  showStats: true,
  showOnlineStatus: true,
  showUid: false,
  showViews: true,
  showAvatar: true,
  /** null: every owned badge is shown. */
  visibleBadges: null,
  enterAnimation: "none",
  enableRevealScreen: false,
  revealScreenText: DEFAULT_REVEAL_SCREEN_TEXT,
  useThemeColorForIcons: false,
  usernameSparkles: "none",
  isPublic: true,
} as const satisfies Partial<BioCardSettings>;

/** What the public card uses where a stored value is empty (differs from the editor defaults). */
export const PUBLIC_CARD_FALLBACKS = {
  boxWidth: 400,
  boxInnerSpacing: 32,
  boxOpacity: 80,
  borderOpacity: 20,
  boxShadowOpacity: 30,
  themeColor: DEFAULT_THEME_COLOR,
  bannerBlur: 0,
  backgroundImageBlur: 0,
  revealScreenText: DEFAULT_REVEAL_SCREEN_TEXT,
  enterAnimation: "none",
  usernameSparkles: "none",
  showUid: false,
  showViews: true,
  showAvatar: true,
} as const satisfies Partial<BioCardSettings>;

// ---------------------------------------------------------------- usernames

/** Usernames that would shadow a route of the site, since a bio card lives at /{username}. */
export const RESERVED_USERNAMES = [
  "admin", "api", "banned", "bio", "dashboard", "forum", "login", "logout", "register", "topic",
  "unauthorized", "uploads", "user", "userlist", "ws", "assets", "settings", "system", "analytics",
  "search", "notifications", "tag", "messages", "moderation", "review", "bookmarks",
  "verify-email", "forgot-password", "reset-password", "unsubscribe",
] as const;

/**
 * The characters of a username, as the inside of a regular expression's character class: the one
 * place the username shape is written. Everything else builds on it and TEXT_LIMITS.
 */
export const USERNAME_CHARACTERS = "A-Za-z0-9_-";
/** The same, in words (the wording of the validation message in docs/product.md). */
export const USERNAME_CHARACTERS_TEXT = "letters, numbers, underscore and dash";
/** The whole rule, in words, for a form's hint and the CLI. */
export const USERNAME_RULE_TEXT = `${TEXT_LIMITS.usernameMin}-${TEXT_LIMITS.usernameMax} characters: ${USERNAME_CHARACTERS_TEXT}`;

/** A whole username: its characters, 3 to 20 of them. Paths, the CLI and the seed check names with it. */
export const USERNAME_PATTERN = new RegExp(`^[${USERNAME_CHARACTERS}]{${TEXT_LIMITS.usernameMin},${TEXT_LIMITS.usernameMax}}$`);

// ---------------------------------------------------------------- search, notifications, unread

export const SEARCH_TYPES = ["posts", "topics", "members"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 20;
/** A post result's snippet is at most this long. */
export const SEARCH_SNIPPET_MAX_LENGTH = 240;
/**
 * GET /api/search/counts counts each tab's results up to this many and no further (an exact count
 * of a common word or a two-letter name would read every match): this many means more than one
 * fewer, which the tabs show as "99+".
 */
export const SEARCH_COUNT_LIMIT = 100;
/** GET /api/topics/{id}/posts?around=: posts before and after the one asked for. */
export const AROUND_POSTS_BEFORE = 50;
export const AROUND_POSTS_AFTER = 49;

export const NOTIFICATION_TYPES = ["reply", "mention", "profile_comment", "badge", "invite_used", "reaction", "moderation", "bookmark_reminder", "flag_resolved"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;

// ---------------------------------------------------------------- bookmarks

/** docs/product.md "Bookmarks and reminders": how many bookmarks a member keeps at most. */
export const BOOKMARKS_PER_MEMBER = 500;
export const BOOKMARKS_PAGE_SIZE = 20;
/** The bell's popover shows this many of the newest notifications. */
export const NOTIFICATIONS_PREVIEW_SIZE = 10;

/** The topic list counts unread posts up to this; the client shows more as "99+". */
export const UNREAD_COUNT_CAP = 100;
/** Typing `@` and this many letters suggests members. */
export const MENTION_MIN_LETTERS = 2;

// ---------------------------------------------------------------- categories, tags, topic lists

export const CATEGORY_LIMITS = { name: 50, description: 300, slug: 60 } as const;
/** `General`, made by the migration that brought categories: the default for new topics, never deleted. */
export const GENERAL_CATEGORY_ID = 1;
/** Groups (docs/product.md "Groups and closed categories"): a name is 1-50 characters, unique whatever its case. */
export const GROUP_LIMITS = { name: 50 } as const;
/** The built-in `staff` group, made by its migration: the moderators and administrators, from their role. */
export const STAFF_GROUP_ID = 1;
export const STAFF_GROUP_NAME = "staff";
export const MAX_TOPIC_TAGS = 5;
export const TAG_MAX_LENGTH = 30;
/** A tag's shape, after lowercasing. */
export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;
/** GET /api/tags answers at most this many. */
export const TAG_SUGGESTIONS_LIMIT = 50;
export const TOPIC_LIST_FILTERS = ["latest", "new", "unread", "top"] as const;
export type TopicListFilter = (typeof TOPIC_LIST_FILTERS)[number];
export const TOP_PERIODS = ["day", "week", "month", "year", "all"] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const DEFAULT_TOP_PERIOD: TopPeriod = "month";

// ---------------------------------------------------------------- drafts

/** docs/product.md "Forum": a draft's content, and how many a member keeps (saving one more drops the oldest). */
export const DRAFT_CONTENT_MAX_LENGTH = 10_000;
export const DRAFTS_PER_MEMBER = 50;
/** A composer saves its draft this long after typing stops. */
export const DRAFT_SAVE_DELAY_MS = 1_000;

// ---------------------------------------------------------------- private messages

/** docs/product.md "Private messages and blocking": a conversation's members, the caller included. */
export const CONVERSATION_MIN_MEMBERS = 2;
export const CONVERSATION_MAX_MEMBERS = 10;
export const CONVERSATION_TITLE_MAX_LENGTH = 100;
export const MESSAGE_CONTENT_MAX_LENGTH = 10_000;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;
/** A list item's `excerpt`: the last message's plain text, at most this long. */
export const MESSAGE_EXCERPT_MAX_LENGTH = 140;
/** A conversation's `unreadCount` counts up to this; the client shows more as "99+". */
export const MESSAGE_UNREAD_COUNT_CAP = UNREAD_COUNT_CAP;
/** The refusal when a member who blocked the caller would be put in a conversation by them. */
export const NOT_ACCEPTING_MESSAGES = "This member is not accepting messages from you";
/** The refusal when a member who blocked the caller would get a comment on their profile from them. */
export const NOT_ACCEPTING_COMMENTS = "This member is not accepting comments from you";

// ---------------------------------------------------------------- watching and web push

/** A member's notification level of a topic (docs/product.md "Watching, push and install"); `tracking` is the default. */
export const TOPIC_NOTIFICATION_LEVELS = ["watching", "tracking", "muted"] as const;
export type TopicNotificationLevel = (typeof TOPIC_NOTIFICATION_LEVELS)[number];
export const DEFAULT_TOPIC_NOTIFICATION_LEVEL: TopicNotificationLevel = "tracking";
/** The settings screen's list of watched and muted topics, per page. */
export const TOPIC_LEVELS_PAGE_SIZE = 20;
/** Push subscriptions (browsers and devices) per member; a new one past it replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;
/** Longest push subscription endpoint accepted (push services' URLs are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
