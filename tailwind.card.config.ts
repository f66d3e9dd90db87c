// The public card's stylesheet (client/src/card.css): the site's design tokens, with only the
// classes of the card's server-rendered markup generated, so the page stays small.
import type { Config } from "tailwindcss";
import site from "./tailwind.config";

// The card serves no emoji font (docs/decisions/060): its font stacks are the site's without Twemoji.
const withoutTwemoji = (stack: string[]) => stack.filter((font) => font !== "Twemoji");
const fonts = site.theme.extend.fontFamily;

export default {
  ...site,
  theme: { ...site.theme, extend: { ...site.theme.extend, fontFamily: { sans: withoutTwemoji(fonts.sans), mono: withoutTwemoji(fonts.mono) } } },
  content: ["./server/card-page/**/*.tsx", "./shared/bio-card/card-view.tsx", "./shared/bio-card/badge-looks.ts"],
} satisfies Config;
