/*
 * The theme this browser keeps (localStorage "theme": dark, light or system; system when unset), put on
 * <html data-theme> before the first paint: index.html loads this file as a blocking script in
 * <head>, since the CSP allows no inline script. It applies it again when the device's colour scheme
 * changes (for `system`), when another tab changes it (storage) and when this tab does
 * ("enclave:themechange", sent by client/src/lib/theme.ts, which writes the same key).
 */
/* global window, document */
(function () {
  var prefersLight = window.matchMedia("(prefers-color-scheme: light)");
  function apply() {
    var choice = null;
    try {
      choice = window.localStorage.getItem("theme");
    } catch (blocked) {
      // Storage refused (privacy settings): the default, the device's scheme.
    }
    var light = choice === "light" || (choice !== "dark" && prefersLight.matches);
    document.documentElement.setAttribute("data-theme", light ? "light" : "dark");
  }
  apply();
  prefersLight.addEventListener("change", apply);
  window.addEventListener("storage", apply);
  window.addEventListener("enclave:themechange", apply);
})();
