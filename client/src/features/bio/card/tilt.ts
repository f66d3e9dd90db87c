import { useRef, type PointerEvent } from "react";
import { tiltTransform } from "./tilt-transform";

/**
 * Pointer handlers that tilt an element towards a mouse pointer and scale it while hovered. Off
 * when `enabled` is false (reduced motion) and for touch, where there is no hover.
 */
export function useTilt<T extends HTMLElement>(enabled: boolean) {
  const element = useRef<T | null>(null);

  const reset = () => {
    if (element.current) element.current.style.transform = "";
  };

  return {
    ref: element,
    onPointerMove: (event: PointerEvent<T>) => {
      if (!enabled || event.pointerType === "touch") return;
      const target = element.current;
      if (!target) return;
      const rect = target.getBoundingClientRect();
      if (!rect.width || !rect.height) return;
      target.style.transform = tiltTransform((event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height);
    },
    onPointerLeave: reset,
    onPointerCancel: reset,
  };
}
