import { useEffect } from "react";

/**
 * Starts `load` (a split-off chunk's import) once the browser is idle after the screen has
 * painted, so code left out of the first load is there before it is shown or used. A failure is
 * left to the component that renders it.
 */
export function useLoadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const run = () => void load().catch(() => {});
    // Safari has no requestIdleCallback: there, right after this paint.
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(run);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, [load]);
}
