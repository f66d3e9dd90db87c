import { WS_RECONNECT_DELAY_MS } from "@/lib/ui-constants";
import { WS_CLOSE_NOT_ALLOWED, WS_CLOSE_SIGNED_OUT } from "@shared/constants";
import type { AuthenticateMessage, WsClientMessage, WsServerMessage } from "@shared/types/presence";

/** /ws on the page's own host: wss: when the page is https. */
export function presenceSocketUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

export interface PresenceConnectionOptions {
  userId: number;
  onMessage(message: WsServerMessage): void;
  /** The server closed the socket because the session ended or the account was barred: re-check who is signed in. */
  onSessionEnded?(): void;
  /** The socket opened (again): `send` reaches it until `onClosed`. */
  onOpen?(send: (message: WsClientMessage) => void): void;
  onClosed?(): void;
  url?: string;
  /** Injected by tests. */
  WebSocketImpl?: typeof WebSocket;
}

/**
 * The real-time connection of docs/product.md "Presence", for a signed-in member: opens /ws, sends
 * `authenticate` on open (the server answers from the session cookie, whatever id is claimed) and
 * reconnects 3 s after every close until stopped. Returns `stop`, to call when signed out.
 */
export function connectPresence({ userId, onMessage, onSessionEnded, onOpen, onClosed, url = presenceSocketUrl(), WebSocketImpl = WebSocket }: PresenceConnectionOptions): () => void {
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    retry = undefined;
    const current = new WebSocketImpl(url);
    socket = current;
    current.onopen = () => {
      // The fixed session marker: identity comes from the session cookie sent with the upgrade.
      const authenticate: AuthenticateMessage & { session: string } = { type: "authenticate", userId, session: "cookie" };
      current.send(JSON.stringify(authenticate));
      onOpen?.((message) => {
        if (socket === current && current.readyState === WebSocketImpl.OPEN) current.send(JSON.stringify(message));
      });
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== "string") return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isServerMessage(message)) onMessage(message);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = undefined;
      onClosed?.();
      if (stopped) return;
      if (event.code === WS_CLOSE_SIGNED_OUT || event.code === WS_CLOSE_NOT_ALLOWED) onSessionEnded?.();
      retry = setTimeout(open, WS_RECONNECT_DELAY_MS);
    };
  };

  open();

  return () => {
    stopped = true;
    clearTimeout(retry);
    const current = socket;
    socket = undefined;
    if (current) onClosed?.();
    if (current && current.readyState !== WebSocketImpl.CLOSED && current.readyState !== WebSocketImpl.CLOSING) current.close(1000, "Signed out");
  };
}

function isServerMessage(value: unknown): value is WsServerMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Record<string, unknown>;
  if (message.type === "online_users") return Array.isArray(message.users) && message.users.every((id) => typeof id === "number");
  if (message.type === "user_status_change") return typeof message.userId === "number" && typeof message.isOnline === "boolean";
  if (message.type === "notification") return typeof message.notification === "object" && message.notification !== null && typeof message.unreadCount === "number";
  if (message.type === "notifications_read") return typeof message.unreadCount === "number";
  if (message.type === "topic_event") return typeof message.topicId === "number" && typeof message.event === "string" && typeof message.lastPostNumber === "number";
  if (message.type === "typing") return typeof message.topicId === "number" && typeof message.username === "string";
  if (message.type === "error") return typeof message.message === "string";
  if (message.type === "message") {
    const sent = message.message as Record<string, unknown> | null;
    return typeof message.conversationId === "number" && typeof sent === "object" && sent !== null && typeof sent.id === "number" && typeof sent.html === "string";
  }
  if (message.type === "conversation_read") return typeof message.conversationId === "number" && typeof message.lastReadMessageId === "number";
  if (message.type === "review_count") return typeof message.pendingCount === "number";
  return false;
}
