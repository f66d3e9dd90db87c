import { FALLBACK_LINK_ICON } from "@shared/constants";
import type { UserLink } from "@shared/types";
import { safeMediaUrl } from "@shared/bio-card/audio-url";
import { LINK_ICONS, isBuiltInLinkIcon } from "@shared/bio-card/link-icons";
import { cn } from "@/lib/cn";
import { CardImage } from "./card-image";

/** A built-in icon by name; unknown names draw the fallback (Globe). */
export function BuiltInIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = LINK_ICONS[isBuiltInLinkIcon(name) ? name : FALLBACK_LINK_ICON];
  return <Icon className={cn("size-5", className)} aria-hidden />;
}

/**
 * A link's icon: its built-in icon, or its uploaded image (a broken or missing image shows a
 * globe instead).
 */
export function LinkIcon({ link, className }: { link: Pick<UserLink, "iconType" | "iconName" | "iconUrl">; className?: string }) {
  const iconUrl = link.iconType === "custom" ? safeMediaUrl(link.iconUrl) : null;
  if (link.iconType === "custom") {
    if (!iconUrl) return <BuiltInIcon name={FALLBACK_LINK_ICON} className={className} />;
    return (
      <CardImage
        src={iconUrl}
        alt=""
        className={cn("size-5 rounded-[4px]", className)}
        fallback={<BuiltInIcon name={FALLBACK_LINK_ICON} className={className} />}
      />
    );
  }
  return <BuiltInIcon name={link.iconName} className={className} />;
}
