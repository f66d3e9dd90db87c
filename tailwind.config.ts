// Design tokens of the client's single dark theme. Tailwind v4 reads this file through
// `@config` in client/src/index.css; every screen builds on these names.
import type { Config } from "tailwindcss";

export default {
  content: ["./client/index.html", "./client/src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        background: "#0b0c12",
        surface: {
          DEFAULT: "#13151d",
          raised: "#1b1e29",
        },
        border: "#272b38",
        foreground: "#e8eaf1",
        muted: "#8b91a5",
        // WCAG 2.1 AA (held by e2e/accessibility.spec.ts): text 4.5:1, icons and outlines 3:1.
        // DEFAULT: fills under white text (5.1:1) and accents (icons, outlines, tints; 3.2:1 or more
        // on every surface). `hover`: the light shade for text on the dark surfaces (5.6:1 or more).
        // `strong`: a hovered fill, deeper so that white text keeps its contrast (6.3:1).
        primary: {
          DEFAULT: "#585ce8",
          hover: "#818cf8",
          strong: "#4f46e5",
          foreground: "#ffffff",
        },
        // DEFAULT: error text and icons on the dark surfaces (4.4:1 or more). `solid`: fills under white
        // text (4.8:1), `strong` when hovered (6.5:1). `hover`: the light shade for text (6:1 or more).
        destructive: {
          DEFAULT: "#ef4444",
          hover: "#f87171",
          solid: "#dc2626",
          strong: "#b91c1c",
          foreground: "#ffffff",
        },
        success: "#22c55e",
      },
      borderRadius: {
        control: "0.5rem",
        card: "0.875rem",
      },
      fontFamily: {
        sans: [
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
