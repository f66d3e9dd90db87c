import { Monitor, Moon, Sun, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { THEMES, type Theme } from "@shared/theme";
import { cn } from "@/lib/cn";
import { useKeptTheme } from "@/lib/theme";
import { useChooseTheme } from "../api/choose-theme";

const THEME_DISPLAY: Record<Theme, { label: string; icon: LucideIcon }> = {
  dark: { label: "Dark", icon: Moon },
  light: { label: "Light", icon: Sun },
  system: { label: "System", icon: Monitor },
};

/**
 * Dark, Light or System as three radio buttons (arrow keys move between them). `compact` shows
 * icons only, their names for assistive technology and as a tooltip: the navigation bar's.
 * Each radio covers its label, so the pointer lands on the control itself.
 * `onAccount`: the choice is saved on the signed-in member's account too (not a visitor's, nor a
 * banned member's, whose account takes no changes).
 */
export function ThemeSwitch({ onAccount, compact = false, className }: { onAccount: boolean; compact?: boolean; className?: string }) {
  const name = useId();
  const theme = useKeptTheme();
  const chooseTheme = useChooseTheme({ onAccount });
  return (
    <fieldset
      className={cn(
        "inline-flex rounded-control border border-border bg-surface p-0.5",
        // A fieldset is min-content wide unless told: the labelled row may wrap on a narrow screen; the bar's icons never do.
        compact ? "shrink-0" : "min-w-0 max-w-full flex-wrap",
        className,
      )}
    >
      <legend className="sr-only">Theme</legend>
      {THEMES.map((option) => {
        const { label, icon: Icon } = THEME_DISPLAY[option];
        return (
          <label
            key={option}
            title={compact ? label : undefined}
            className={cn(
              "relative flex cursor-pointer items-center gap-1 rounded-md text-sm font-medium text-muted transition-colors hover:text-foreground",
              "has-checked:bg-primary/15 has-checked:text-primary-hover has-focus-visible:outline-2 has-focus-visible:outline-primary",
              compact ? "size-8 justify-center" : "h-8 px-2",
            )}
          >
            <input type="radio" name={name} value={option} checked={theme === option} onChange={() => chooseTheme(option)} className="absolute inset-0 cursor-pointer appearance-none rounded-md" />
            <Icon className="size-4" aria-hidden />
            <span className={cn(compact && "sr-only")}>{label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
