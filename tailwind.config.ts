// Design tokens of the client's themes (dark, the default, and light). Tailwind v4 reads this file through
// `@config` in client/src/index.css; every screen builds on these names.
import type { Config } from "tailwindcss";

export default {
  // shared/bio-card: the card markup the editor's preview renders (shared/bio-card/card-view.tsx) and the badges' looks.
  content: ["./client/index.html", "./client/src/**/*.{ts,tsx}", "./shared/bio-card/**/*.{ts,tsx}"],
  theme: {
    extend: {
      // Each colour is a CSS variable: client/src/index.css gives the dark values (the default) and
      // the light ones (html[data-theme="light"]), both held to WCAG 2.1 AA by e2e/accessibility.spec.ts:
      // text 4.5:1, icons and outlines 3:1.
      // primary DEFAULT: fills under white text and accents (icons, outlines, tints). `hover`: the shade
      // for text on the surfaces. `strong`: a hovered fill, deeper so that white text keeps its contrast.
      // destructive DEFAULT: error text and icons on the surfaces. `solid`: fills under white text,
      // `strong` when hovered. `hover`: the shade for text.
      colors: {
        background: "var(--theme-background)",
        surface: {
          DEFAULT: "var(--theme-surface)",
          raised: "var(--theme-surface-raised)",
        },
        border: "var(--theme-border)",
        foreground: "var(--theme-foreground)",
        muted: "var(--theme-muted)",
        primary: {
          DEFAULT: "var(--theme-primary)",
          hover: "var(--theme-primary-hover)",
          strong: "var(--theme-primary-strong)",
          foreground: "#ffffff",
        },
        destructive: {
          DEFAULT: "var(--theme-destructive)",
          hover: "var(--theme-destructive-hover)",
          solid: "#dc2626",
          strong: "#b91c1c",
          foreground: "#ffffff",
        },
        success: "var(--theme-success)",
      },
      borderRadius: {
        control: "0.5rem",
        card: "0.875rem",
      },
      fontFamily: {
        // Twemoji first: its unicode-range (index.css) holds only emoji, so it draws those and nothing else.
        sans: [
          "Twemoji",
          "Inter",
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
        mono: ["Twemoji", "ui-monospace", "SFMono-Regular", "Menlo", "Monaco", "Consolas", "Liberation Mono", "Courier New", "monospace"],
      },
      keyframes: {
        "fade-in": { from: { opacity: "0" }, to: { opacity: "1" } },
        "fade-out": { from: { opacity: "1" }, to: { opacity: "0" } },
        // Scale only: the dialog is centred with the `translate` property, which composes with this.
        "dialog-in": { from: { opacity: "0", transform: "scale(0.96)" }, to: { opacity: "1", transform: "scale(1)" } },
        "dialog-out": { from: { opacity: "1", transform: "scale(1)" }, to: { opacity: "0", transform: "scale(0.96)" } },
        "sheet-in": { from: { transform: "translateX(100%)" }, to: { transform: "translateX(0)" } },
        "sheet-out": { from: { transform: "translateX(0)" }, to: { transform: "translateX(100%)" } },
      },
      animation: {
        "fade-in": "fade-in 150ms ease-out",
        "fade-out": "fade-out 150ms ease-in",
        "dialog-in": "dialog-in 150ms ease-out",
        "dialog-out": "dialog-out 150ms ease-in",
        "sheet-in": "sheet-in 250ms cubic-bezier(0.32, 0.72, 0, 1)",
        "sheet-out": "sheet-out 200ms ease-in",
      },
    },
  },
} satisfies Config;
