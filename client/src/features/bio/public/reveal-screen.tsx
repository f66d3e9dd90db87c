import { Lock } from "lucide-react";
import { useEffect, useRef } from "react";
import { DEFAULT_REVEAL_SCREEN_TEXT } from "@shared/constants";
import type { CardLook } from "@shared/bio-card/card-model";

interface RevealScreenProps {
  text: string | null;
  look: CardLook;
  onReveal: () => void;
}

/**
 * The screen in front of a card: a lock, the member's text (or 'Reveal Profile') and 'Click anywhere
 * to continue'. It is one big button, so Enter and Space reveal too; it takes the focus when shown.
 */
export function RevealScreen({ text, look, onReveal }: RevealScreenProps) {
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => button.current?.focus(), []);
  const label = text?.trim() || DEFAULT_REVEAL_SCREEN_TEXT;

  return (
    <button
      ref={button}
      type="button"
      onClick={onReveal}
      data-testid="reveal-screen"
      className="fixed inset-0 z-10 flex cursor-pointer flex-col items-center justify-center gap-5 bg-black/55 px-6 text-center backdrop-blur-xl focus-visible:outline-none"
    >
      <span
        className="grid size-16 place-items-center rounded-full ring-1 ring-white/15"
        style={{ backgroundColor: `color-mix(in srgb, ${look.themeColor} 25%, transparent)`, color: look.primaryColor }}
      >
        <Lock className="size-7" aria-hidden />
      </span>
      <span className="block max-w-md break-words text-2xl font-semibold tracking-tight sm:text-3xl" style={{ color: look.primaryColor }}>
        {label}
      </span>
      <span className="block animate-pulse text-sm" style={{ color: look.secondaryColor }}>
        Click anywhere to continue
      </span>
    </button>
  );
}
