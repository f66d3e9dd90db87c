import { uploadFormatOf } from "@shared/constants";
import { cn } from "@/lib/cn";
import { safeMediaUrl } from "@shared/bio-card/audio-url";
import { CardImage } from "./card-image";
import { backgroundFill, type CardBackground } from "@shared/bio-card/card-model";

/**
 * What lies behind the card: the background image or video (blurred as set, darkened a little so
 * the card stands out) over a gradient or solid fill from the theme colour, which also shows while
 * the image loads or when it fails.
 */
export function CardBackdrop({ background, className, still = false }: { background: CardBackground; className?: string; still?: boolean }) {
  const url = safeMediaUrl(background.imageUrl);
  const blur = background.blur > 0 ? { filter: `blur(${background.blur}px)`, transform: "scale(1.08)" } : undefined;
  return (
    <div aria-hidden data-testid="card-backdrop" className={cn("overflow-hidden", className)} style={backgroundFill(background.style, background.themeColor)}>
      {url &&
        (uploadFormatOf(url)?.media === "video" ? (
          <video src={url} autoPlay={!still} muted loop playsInline className="absolute inset-0 size-full object-cover" style={blur} />
        ) : (
          <CardImage src={url} alt="" lazy={false} className="absolute inset-0 size-full" imgStyle={blur} fallback={null} />
        ))}
      {url && <div className="absolute inset-0 bg-black/30" />}
    </div>
  );
}
