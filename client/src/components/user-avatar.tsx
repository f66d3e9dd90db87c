import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";

const SIZE_CLASSES = {
  xs: "size-6 text-[0.6875rem]",
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-16 text-xl",
  xl: "size-24 text-3xl",
} as const;

interface UserAvatarProps {
  /** Null for content whose author was deleted: a blank circle, no picture, no initial. */
  username: string | null;
  /** The avatar's URL; null or empty shows the username's initial. */
  src: string | null | undefined;
  size?: keyof typeof SIZE_CLASSES;
  className?: string;
}

/**
 * A member's round avatar. Without an image it shows the first letter of the username; an image
 * that fails to load is replaced by a warning placeholder.
 */
export function UserAvatar({ username, src, size = "md", className }: UserAvatarProps) {
  // Remembers which URL failed, so a new URL is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = cn("grid shrink-0 place-items-center overflow-hidden rounded-full", SIZE_CLASSES[size], className);

  if (username === null) return <span aria-hidden className={cn(frame, "bg-surface-raised ring-1 ring-dashed ring-border")} />;
  if (src && failedSrc === src) {
    return (
      <span role="img" aria-label={`${username}'s avatar could not be loaded`} title="Image could not be loaded" className={cn(frame, "bg-destructive/10 ring-1 ring-destructive/40")}>
        <TriangleAlert className="size-1/2 text-destructive-hover" aria-hidden />
      </span>
    );
  }
  if (src) {
    return <img src={src} alt="" loading="lazy" onError={() => setFailedSrc(src)} className={cn(frame, "bg-surface-raised object-cover")} />;
  }
  return (
    <span aria-hidden className={cn(frame, "bg-primary/15 font-semibold text-primary-hover ring-1 ring-primary/30")}>
      {username.charAt(0).toUpperCase() || "?"}
    </span>
  );
}
