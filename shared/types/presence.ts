// Messages on /ws, discriminated by `type`.
import type { NotificationMessage } from "./notifications";

export interface AuthenticateMessage {
  type: "authenticate";
  /** The server answers from the session and ignores a differing id. */
  userId: number;
}

export type WsClientMessage = AuthenticateMessage;

export interface OnlineUsersMessage {
  type: "online_users";
  users: number[];
}

export interface UserStatusChangeMessage {
  type: "user_status_change";
  userId: number;
  isOnline: boolean;
}

export type WsServerMessage = OnlineUsersMessage | UserStatusChangeMessage | NotificationMessage;
