import { Hexagon } from "lucide-react";
import { Link } from "wouter";
import { siteName } from "@/lib/site";

export function BrandLink() {
  return (
    <Link
      href="/"
      className="flex min-w-0 items-center gap-2.5 rounded-control font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-control bg-primary shadow-md shadow-primary/30">
        <Hexagon className="size-4 text-primary-foreground" strokeWidth={2.5} aria-hidden />
      </span>
      <span className="truncate text-lg">{siteName}</span>
    </Link>
  );
}
