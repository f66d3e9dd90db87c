import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "@/lib/cn";

/** An in-app link inside running text. */
export function TextLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <Link
      href={href}
      className={cn(
        "rounded-sm font-medium text-primary-hover underline-offset-4 transition-colors hover:text-foreground hover:underline",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        className,
      )}
    >
      {children}
    </Link>
  );
}
