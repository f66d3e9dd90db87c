import type { WsServerMessage } from "@shared/types/presence";

/**
 * Who is online, as told by /ws (docs/product.md "Presence"): 'online_users' replaces the set,
 * 'user_status_change' adds or removes one id; signing out clears it. No React in here, so the
 * connection can feed it from anywhere; components read it through `useIsOnline`/`useOnlineUsers`.
 */
type Listener = () => void;

let online: ReadonlySet<number> = new Set();
const listeners = new Set<Listener>();

function replace(next: ReadonlySet<number>) {
  online = next;
  for (const listener of listeners) listener();
}

export const presenceStore = {
  /** The current set; a new object after every change (safe for useSyncExternalStore). */
  getSnapshot: (): ReadonlySet<number> => online,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  apply(message: WsServerMessage) {
    if (message.type === "online_users") {
      replace(new Set(message.users));
    } else if (message.type === "user_status_change") {
      if (message.isOnline === online.has(message.userId)) return;
      const next = new Set(online);
      if (message.isOnline) next.add(message.userId);
      else next.delete(message.userId);
      replace(next);
    }
  },
  clear() {
    if (online.size > 0) replace(new Set());
  },
};
