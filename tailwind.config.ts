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
        primary: {
          DEFAULT: "#6366f1",
          hover: "#818cf8",
          foreground: "#ffffff",
        },
        destructive: {
          DEFAULT: "#ef4444",
          hover: "#f87171",
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
