/*
 * The site's service worker (docs/decisions/039-watching-and-push.md), a plain script served from
 * the root so its scope is the whole site.
 *
 * Offline: a page navigation that fails (no network) shows offline.html. That page and the files it
 * shows are the ONLY things this worker caches. API answers, pages and uploads are never cached nor
 * answered from a cache: they hold members' data, which must not outlive a sign-out or be shown to
 * the next person on a shared device, and a cached API answer would show stale state as current.
 * Every request other than a navigation is left to the browser untouched.
 *
 * Push: shows the notification the server pushed ({ title, body, url }); a click opens `url` (on this
 * site only), in a window of the site already open when there is one. At sign-out the page tells it
 * to end this browser's subscription.
 */
/* global self, caches, clients, fetch, URL */
var CACHE = "offline-v1";
var OFFLINE_PAGE = "/offline.html";
var OFFLINE_FILES = [OFFLINE_PAGE, "/icons/icon-192.png"];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.addAll(OFFLINE_FILES);
      })
      .then(function () {
        return self.skipWaiting();
      }),
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name !== CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.mode !== "navigate" || new URL(request.url).pathname.indexOf("/api/") === 0) return;
  // From the network, never stored; the offline page only when the network fails.
  event.respondWith(
    fetch(request).catch(function () {
      return caches.match(OFFLINE_PAGE);
    }),
  );
});

// Sign-out (features/auth/api/logout.ts): this browser stops receiving the member's pushes.
self.addEventListener("message", function (event) {
  if (event.data !== "signed-out") return;
  event.waitUntil(
    self.registration.pushManager.getSubscription().then(function (subscription) {
      return subscription && subscription.unsubscribe();
    }),
  );
});

/** A path on this site; anything else opens the home page. */
function ownUrl(url) {
  var target = new URL(typeof url === "string" ? url : "/", self.location.origin);
  return target.origin === self.location.origin ? target.href : self.location.origin + "/";
}

self.addEventListener("push", function (event) {
  var payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch (unreadable) {
    // Not the server's JSON: shown as a bare notification.
    payload = {};
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || "New notification", {
      body: payload.body || "",
      icon: "/icons/icon-192.png",
      data: { url: ownUrl(payload.url) },
    }),
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = ownUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      var open = windows.find(function (client) {
        return new URL(client.url).origin === self.location.origin && "navigate" in client;
      });
      return open ? open.navigate(url).then(function (client) { return (client || open).focus(); }) : clients.openWindow(url);
    }),
  );
});
