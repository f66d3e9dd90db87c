/**
 * Registers the service worker (public/sw.js: the offline page, push notifications) once the page
 * has loaded, so it never competes with the first paint. A browser without service workers, or one
 * that refuses it, goes on without them.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
