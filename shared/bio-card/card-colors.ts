// Colours of a bio card reach CSS only through these functions: every value is checked to be a
// `#rrggbb` hex first (the server validates too), so nothing a member typed can inject CSS.

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && HEX_COLOR.test(value);
}

/** The colour when it is a valid `#rrggbb`, else the fallback (itself assumed valid). */
export function safeHex(value: unknown, fallback: string): string {
  return isHexColor(value) ? value.toLowerCase() : fallback;
}

/** An opacity percent (0–100, clamped and rounded) as the two-digit hex of an alpha channel: 80 → 'cc'. */
export function opacityToHex(percent: number): string {
  const clamped = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 100;
  return Math.round((clamped / 100) * 255)
    .toString(16)
    .padStart(2, "0");
}

/** A `#rrggbb` colour with the opacity appended as `#rrggbbaa` (docs/product.md "Bio cards"). */
export function withOpacity(color: string, percent: number, fallback = "#000000"): string {
  return `${safeHex(color, fallback)}${opacityToHex(percent)}`;
}
