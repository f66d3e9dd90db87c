import { IdCard } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** 'Bio': opens the member's public bio card at /{username}, a page the server renders (a full load, not the app's router). */
export function BioButton({ username, className }: { username: string; className?: string }) {
  return (
    <a
      href={`/${encodeURIComponent(username)}`}
      aria-label={`Bio card of ${username}`}
      className={buttonClasses({ variant: "outline", size: "sm", className: cn("gap-1.5", className) })}
    >
      <IdCard aria-hidden />
      Bio
    </a>
  );
}
