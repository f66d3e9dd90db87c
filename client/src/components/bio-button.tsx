import { IdCard } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** 'Bio': opens the member's public bio card at /{username}. */
export function BioButton({ username, className }: { username: string; className?: string }) {
  return (
    <Link
      href={`/${encodeURIComponent(username)}`}
      aria-label={`Bio card of ${username}`}
      className={buttonClasses({ variant: "outline", size: "sm", className: cn("gap-1.5", className) })}
    >
      <IdCard aria-hidden />
      Bio
    </Link>
  );
}
