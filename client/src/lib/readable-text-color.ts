/** WCAG relative luminance of an `#rrggbb` colour (0 black … 1 white). */
function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** WCAG contrast ratio of two luminances (1 … 21). */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Black or white, whichever reads better on the background `#rrggbb` (the higher WCAG contrast):
 * a category chip stays legible whatever colour an admin picks. Anything else gets white.
 */
export function readableTextColor(background: string): "#000000" | "#ffffff" {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return "#ffffff";
  const luminance = relativeLuminance(background);
  return contrast(luminance, 0) > contrast(luminance, 1) ? "#000000" : "#ffffff";
}
