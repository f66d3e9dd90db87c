import type { PushKey } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";

/** Where this browser stands with push: it cannot, the member blocked it, or it is on or off. */
export type PushState = "unsupported" | "denied" | "on" | "off";

const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The service worker's registration (registered at start, public/sw.js). */
const registration = () => navigator.serviceWorker.ready;

export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const subscription = await (await registration()).pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

/** A base64url VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission, subscribes this browser with the site's VAPID key and tells the server. */
export async function enablePush(): Promise<PushState> {
  if (!supported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const { publicKey } = await apiGet<PushKey>("/api/push/key");
  const manager = (await registration()).pushManager;
  const subscription =
    (await manager.getSubscription()) ?? (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
  return "on";
}

/** Tells the server to stop, then unsubscribes this browser. */
export async function disablePush(): Promise<PushState> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    try {
      await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
    } finally {
      // Ended in the browser even if the server could not be told: its next push there answers 410 and the server drops it.
      await subscription.unsubscribe();
    }
  }
  return "off";
}
