import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

/**
 * tailwind-merge told about the theme's own names (tailwind.config.ts, index.css), so that e.g. a
 * caller's `rounded-full` replaces `rounded-control` instead of both landing in the class list.
 */
const mergeClasses = extendTailwindMerge({
  extend: {
    theme: {
      radius: ["control", "card"],
      animate: [
        "fade-in",
        "fade-out",
        "dialog-in",
        "dialog-out",
        "sheet-in",
        "sheet-out",
        "upload-indeterminate",
        "activity-in",
      ],
    },
  },
});

/**
 * Joins conditional class names and resolves Tailwind conflicts in favour of the later class, so a
 * caller's `size-8` overrides a component's own `size-10` whatever order the CSS was generated in.
 */
export function cn(...classNames: ClassValue[]): string {
  return mergeClasses(clsx(classNames));
}
