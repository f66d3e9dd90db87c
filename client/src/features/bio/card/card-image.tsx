import { TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Lazy images start loading this far before they scroll into view (docs/product.md "Bio cards"). */
export const LAZY_IMAGE_ROOT_MARGIN = "200px";

export type ImageLoadState = "idle" | "loading" | "loaded" | "error";

interface CardImageProps {
  /** The image's URL; null shows the frame empty ('idle'). */
  src: string | null;
  alt: string;
  /** Classes of the frame (size, shape). */
  className?: string;
  /** Classes and style of the image itself (e.g. a blur filter). */
  imgClassName?: string;
  imgStyle?: CSSProperties;
  /** Load only when within 200 px of the viewport (default); false loads at once. */
  lazy?: boolean;
  /** Shown when the image fails, instead of the warning placeholder (null: nothing). */
  fallback?: ReactNode;
}

/**
 * An image of a card with its loading states (data-state: idle until it is near the viewport,
 * loading with a shimmer, loaded with a fade-in, error with a warning placeholder or the fallback).
 */
export function CardImage({ src, alt, className, imgClassName, imgStyle, lazy = true, fallback }: CardImageProps) {
  const frame = useRef<HTMLSpanElement | null>(null);
  const [near, setNear] = useState(!lazy);
  // Which URL finished, so a new URL starts over as 'loading'.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    if (near) return;
    const element = frame.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_IMAGE_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const state: ImageLoadState = !src || !near ? "idle" : failedSrc === src ? "error" : loadedSrc === src ? "loaded" : "loading";

  return (
    <span ref={frame} data-state={state} className={cn("relative block shrink-0 overflow-hidden", className)}>
      {state === "error" ? (
        fallback !== undefined ? (
          fallback
        ) : (
          <span
            role="img"
            aria-label={alt ? `${alt} could not be loaded` : "Image could not be loaded"}
            title="Image could not be loaded"
            className="absolute inset-0 grid place-items-center bg-amber-500/10 text-amber-300 ring-1 ring-inset ring-amber-400/30"
          >
            <TriangleAlert className="size-1/3 max-h-8 max-w-8 min-h-4 min-w-4" aria-hidden />
          </span>
        )
      ) : (
        <>
          {state !== "loaded" && <span aria-hidden className={cn("absolute inset-0 bg-white/10", state === "loading" && "animate-pulse")} />}
          {src && near && (
            <img
              src={src}
              alt={alt}
              decoding="async"
              draggable={false}
              onLoad={() => setLoadedSrc(src)}
              onError={() => setFailedSrc(src)}
              style={imgStyle}
              className={cn(
                "block size-full object-cover transition-opacity duration-300",
                state === "loaded" ? "opacity-100" : "opacity-0",
                imgClassName,
              )}
            />
          )}
        </>
      )}
    </span>
  );
}
