// The tilt's arithmetic, free of React: the editor's preview (tilt.ts) and the public card's plain
// script (card-main.ts) both use it.

/** The card tilts at most this much towards the pointer, and grows this much while hovered (docs/product.md "Bio cards"). */
export const MAX_TILT_DEGREES = 10;
export const HOVER_SCALE = 1.05;

/**
 * The rotation for a pointer at (x, y), each a fraction of the card's size from its top-left
 * corner: the side under the pointer dips away, at most 10 degrees each way.
 */
export function tiltAngles(x: number, y: number, max = MAX_TILT_DEGREES): { rotateX: number; rotateY: number } {
  const clamp = (value: number) => Math.min(max, Math.max(-max, Number.isFinite(value) ? value : 0));
  const rotateX = clamp((0.5 - y) * 2 * max);
  const rotateY = clamp((x - 0.5) * 2 * max);
  // Avoid -0 in the style string.
  return { rotateX: rotateX + 0, rotateY: rotateY + 0 };
}

export function tiltTransform(x: number, y: number): string {
  const { rotateX, rotateY } = tiltAngles(x, y);
  return `perspective(1200px) rotateX(${rotateX.toFixed(2)}deg) rotateY(${rotateY.toFixed(2)}deg) scale(${HOVER_SCALE})`;
}
