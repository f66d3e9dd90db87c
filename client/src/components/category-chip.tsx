import { Link } from "wouter";
import type { Category } from "@shared/types";
import { cn } from "@/lib/cn";
import { readableTextColor } from "@/lib/readable-text-color";

/** A category as a chip in its colour, with black or white text (whichever reads better), linking to /c/{slug}. */
export function CategoryChip({ category, className }: { category: Pick<Category, "name" | "slug" | "color">; className?: string }) {
  return (
    <Link
      href={`/c/${encodeURIComponent(category.slug)}`}
      style={{ backgroundColor: category.color, color: readableTextColor(category.color) }}
      className={cn(
        "inline-flex max-w-full min-w-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold leading-5 shadow-sm ring-1 ring-inset ring-black/10 transition-[filter] hover:brightness-110",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        className,
      )}
    >
      <span className="truncate">{category.name}</span>
    </Link>
  );
}
