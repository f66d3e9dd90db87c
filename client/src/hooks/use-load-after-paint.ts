import { useEffect } from "react";

/**
 * Starts `load` (a split-off chunk's import) once the screen has painted, alongside the screen's
 * own requests, so code left out of the first load is there by the time it is shown. A failure
 * is left to the component that renders it.
 */
export function useLoadAfterPaint(load: () => Promise<unknown>) {
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
}
