/**
 * Whether the signed-in member registered in this tab: the dashboard greets them "Welcome" rather
 * than "Welcome back" until the tab closes or someone signs out. Kept in sessionStorage, so a reload
 * right after registering still greets them as new.
 */
const KEY = "enclave.firstVisit";

export function markFirstVisit(userId: number): void {
  try {
    window.sessionStorage.setItem(KEY, String(userId));
  } catch {
    // Storage refused (privacy settings): they are greeted as returning, nothing worse.
  }
}

export function isFirstVisit(userId: number): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}

/** A session of anyone else (or none) ends the first visit of whoever registered in this tab. */
export function endFirstVisitUnless(userId: number | undefined): void {
  if (userId !== undefined && isFirstVisit(userId)) return;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
