// The public card's stylesheet (client/src/card.css): the site's design tokens, with only the
// classes of the card's server-rendered markup generated, so the page stays small.
import type { Config } from "tailwindcss";
import site from "./tailwind.config";

export default { ...site, content: ["./server/card-page/**/*.tsx", "./shared/bio-card/card-view.tsx", "./shared/bio-card/badge-looks.ts"] } satisfies Config;
