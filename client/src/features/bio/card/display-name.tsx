import type { CSSProperties, ElementType } from "react";
import { cn } from "@/lib/cn";
import { sparkleStyle } from "@shared/bio-card/card-options";

interface DisplayNameProps {
  name: string;
  sparkles: string;
  as?: ElementType;
  className?: string;
  style?: CSSProperties;
}

/** The card's name, with its sparkle style drawn in CSS (index.css "Bio cards"); plain text only. */
export function DisplayName({ name, sparkles, as: Heading = "h1", className, style }: DisplayNameProps) {
  const effect = sparkleStyle(sparkles);
  return (
    <Heading className={cn("max-w-full break-words", className)} style={style} data-sparkles={effect ? sparkles : undefined}>
      {effect ? (
        <span className={effect.className} style={effect.color ? ({ "--sparkle-color": effect.color } as CSSProperties) : undefined}>
          <span className="bio-sparkles-inner">{name}</span>
        </span>
      ) : (
        name
      )}
    </Heading>
  );
}
