// The names the editor shows for the card's options, and the CSS classes (index.css, "Bio cards"
// block) that render them. Unknown values (an old card, a newer server) render as 'none'.
import { ENTER_ANIMATIONS, USERNAME_SPARKLES, type EnterAnimation, type UsernameSparkles } from "@shared/constants";

export const ENTER_ANIMATION_LABELS: Record<EnterAnimation, string> = {
  none: "None",
  slideUp: "Slide up",
  slideDown: "Slide down",
  slideLeft: "Slide left",
  slideRight: "Slide right",
  slideBottomRightToTopLeft: "Slide from bottom right to top left",
  slideBottomLeftToTopRight: "Slide from bottom left to top right",
  slideTopLeftToBottomRight: "Slide from top left to bottom right",
  slideTopRightToBottomLeft: "Slide from top right to bottom left",
  bounce: "Bounce",
  wobble: "Wobble",
  spin: "Spin",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
};

export const SPARKLE_LABELS: Record<UsernameSparkles, string> = {
  none: "None",
  black: "Black",
  blue: "Blue",
  green: "Green",
  lightblue: "Light blue",
  orange: "Orange",
  pink: "Pink",
  purple: "Purple",
  rainbow: "Rainbow",
  red: "Red",
  white: "White",
  yellow: "Yellow",
};

/** The sparkles' colour per style; rainbow is drawn by its own class. */
export const SPARKLE_COLORS: Record<Exclude<UsernameSparkles, "none" | "rainbow">, string> = {
  black: "#18181b",
  blue: "#3b82f6",
  green: "#22c55e",
  lightblue: "#7dd3fc",
  orange: "#f97316",
  pink: "#ec4899",
  purple: "#a855f7",
  red: "#ef4444",
  white: "#ffffff",
  yellow: "#facc15",
};

export function isEnterAnimation(value: unknown): value is EnterAnimation {
  return typeof value === "string" && (ENTER_ANIMATIONS as readonly string[]).includes(value);
}

export function isUsernameSparkles(value: unknown): value is UsernameSparkles {
  return typeof value === "string" && (USERNAME_SPARKLES as readonly string[]).includes(value);
}

/** The class that plays an entrance animation ('bio-enter-slide-up'), or null for none. */
export function enterAnimationClass(animation: unknown): string | null {
  if (!isEnterAnimation(animation) || animation === "none") return null;
  return `bio-enter-${animation.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** The classes and the sparkle colour of a display name's sparkle style; null for none. */
export function sparkleStyle(sparkles: unknown): { className: string; color: string | null } | null {
  if (!isUsernameSparkles(sparkles) || sparkles === "none") return null;
  if (sparkles === "rainbow") return { className: "bio-sparkles bio-sparkles-rainbow", color: null };
  return { className: "bio-sparkles", color: SPARKLE_COLORS[sparkles] };
}
