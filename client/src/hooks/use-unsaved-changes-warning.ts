import { useEffect } from "react";

export const UNSAVED_CHANGES_QUESTION = "You have unsaved changes. Leave without saving them?";

/** A same-site link that would take this tab elsewhere, or null. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const to = new URL(link.href, location.href);
  return to.origin === location.origin && to.pathname + to.search !== location.pathname + location.search ? link : null;
}

/**
 * While `dirty`, asks before the page is left: the browser's own prompt when the tab is closed or
 * reloaded, and a confirmation before an in-app link navigates away (checked in the capture phase,
 * before the router sees the click).
 */
export function useUnsavedChangesWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(UNSAVED_CHANGES_QUESTION)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);
}
