import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";

/** The share image's size: what Open Graph and Twitter's large card show (1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** What the share image is drawn from: the card as anyone may see it, colours already checked. */
export interface ShareImageCard {
  name: string;
  username: string;
  bio: string | null;
  /** The avatar as a PNG data URL (read from our own uploads), or null: the initial on the theme colour. */
  avatar: string | null;
  themeColor: string;
  primaryColor: string;
  secondaryColor: string;
  boxColor: string;
}

const BIO_LIMIT = 220;
// The box's content, 72 px in from the sides less its padding (satori sizes the content box); the
// text takes what the avatar (220) and the gap (56) leave.
const BOX_WIDTH = SHARE_IMAGE_WIDTH - 2 * 72 - 2 * 64;
const TEXT_WIDTH = BOX_WIDTH - 220 - 56;

// satori reads woff or ttf (not woff2); the package ships both, resolved where it is installed.
const require = createRequire(import.meta.url);
let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }[]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all(
    ([400, 700] as const).map(async (weight) => ({
      name: "Inter",
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
      weight,
      style: "normal" as const,
    })),
  ));

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({ type, props: { ...props, style, children } });

const shorten = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text);

/**
 * The card as a 1200×630 PNG: the name, @username, bio and avatar in the card's colours on a
 * gradient of its theme colour. Member text is laid out as text by satori (never parsed as markup).
 */
export async function renderShareImage(card: ShareImageCard): Promise<Buffer> {
  const avatar = card.avatar
    ? el("img", { width: 220, height: 220, borderRadius: 9999, objectFit: "cover" }, undefined, { src: card.avatar, width: 220, height: 220 })
    : el("div", { width: 220, height: 220, borderRadius: 9999, display: "flex", alignItems: "center", justifyContent: "center", fontSize: 110, fontWeight: 700, color: "#ffffff", backgroundImage: `linear-gradient(135deg, ${card.themeColor}, #000000)` }, card.username.charAt(0).toUpperCase());
  const text = el("div", { display: "flex", flexDirection: "column", width: TEXT_WIDTH, gap: 12 }, [
    el("div", { fontSize: 68, fontWeight: 700, color: card.primaryColor, lineHeight: 1.1 }, shorten(card.name, 40)),
    el("div", { fontSize: 34, color: card.secondaryColor }, `@${card.username}`),
    ...(card.bio ? [el("div", { fontSize: 30, color: card.secondaryColor, lineHeight: 1.35, marginTop: 16 }, shorten(card.bio.replace(/\s+/g, " "), BIO_LIMIT))] : []),
  ]);
  const box = el("div", { display: "flex", alignItems: "center", gap: 56, width: BOX_WIDTH, padding: 64, borderRadius: 40, backgroundColor: `${card.boxColor}cc`, border: `2px solid ${card.themeColor}66` }, [avatar, text]);
  const page = el(
    "div",
    { width: "100%", height: "100%", display: "flex", alignItems: "center", justifyContent: "center", fontFamily: "Inter", backgroundColor: "#07070b", backgroundImage: `radial-gradient(circle at 50% 0%, ${card.themeColor}99, #07070b 75%)` },
    box,
  );
  const svg = await satori(page as Parameters<typeof satori>[0], { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, fonts: await loadFonts() });
  return new Resvg(svg, { fitTo: { mode: "width", value: SHARE_IMAGE_WIDTH } }).render().asPng();
}
