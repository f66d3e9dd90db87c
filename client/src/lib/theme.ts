import { useSyncExternalStore } from "react";
import { DEFAULT_THEME, THEMES, type Theme } from "@shared/theme";

/** Where this browser keeps its theme; public/theme.js reads the same key before the first paint. */
const STORAGE_KEY = "theme";
/** Tells public/theme.js to apply the theme again (it also follows other tabs and the device's scheme). */
const CHANGE_EVENT = "enclave:themechange";

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

/** The theme this browser keeps: a visitor's choice, or the account's since sign-in. */
export function keptTheme(): Theme {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isTheme(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Keeps `theme` in this browser and applies it at once. */
export function keepTheme(theme: Theme): void {
  if (theme === keptTheme()) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused (privacy settings): nothing is kept, so nothing changes.
    return;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The theme this browser keeps, following changes from this tab and others. */
export function useKeptTheme(): Theme {
  return useSyncExternalStore(subscribe, keptTheme, () => DEFAULT_THEME);
}
