import { Suspense, useState, type ReactNode } from "react";

/**
 * Renders its children from the first time `open` is true on, so a dialog's code (a lazy
 * component) loads when it is first opened rather than with the screen, and stays mounted after
 * that so that closing can animate.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
