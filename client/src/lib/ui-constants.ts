// How the client behaves: timings and display sizes. Not rules of the product (those are in
// shared/constants.ts, which the server enforces); changing one of these changes no API answer.

/** From this width on, the top bar shows its links; below it, the menu button opens a sheet. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Numbered page buttons shown at once. */
export const MAX_PAGINATION_BUTTONS = 5;

export const TOAST_DURATION_MS = 4000;
/** Toasts shown at once; a newer one pushes out the oldest. */
export const MAX_TOASTS = 3;

export const WS_RECONNECT_DELAY_MS = 3000;
/** How often the dashboard asks for invites an administrator assigned meanwhile. */
export const ASSIGNED_INVITES_POLL_MS = 5000;
/** How often a profile's recent activity is refreshed. */
export const ACTIVITY_POLL_MS = 30_000;
/** Characters of a post or comment shown in a profile's recent activity. */
export const ACTIVITY_PREVIEW_LENGTH = 60;

/** The bio editor's live preview: its card's width cap. */
export const PREVIEW_CARD_MAX_WIDTH_PX = 400;
/** After the reveal screen is clicked, the first track starts this much later. */
export const REVEAL_AUTOPLAY_DELAY_MS = 500;
/** The reveal text's counter turns to a warning from this length on (the limit is TEXT_LIMITS.revealText). */
export const REVEAL_TEXT_WARNING_LENGTH = 45;
