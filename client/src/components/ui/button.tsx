import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const VARIANT_CLASSES = {
  primary: "bg-primary text-primary-foreground shadow-sm shadow-primary/30 hover:bg-primary-strong",
  secondary: "bg-surface-raised text-foreground hover:bg-border",
  outline: "border border-border bg-transparent text-foreground hover:border-muted/60 hover:bg-surface-raised",
  ghost: "text-muted hover:bg-surface-raised hover:text-foreground",
  destructive: "bg-destructive-solid text-destructive-foreground hover:bg-destructive-strong",
} as const;

const SIZE_CLASSES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "size-10",
} as const;

export interface ButtonStyle {
  variant?: keyof typeof VARIANT_CLASSES;
  size?: keyof typeof SIZE_CLASSES;
  className?: string;
}

/** Button classes, also for links that should look like buttons. */
export function buttonClasses({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return cn(
    "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-control font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    "disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    className,
  );
}

export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
