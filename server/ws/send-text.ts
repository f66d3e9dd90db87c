import { WebSocket } from "ws";

/** A client that does not read its messages is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Sends one text message to each open socket, serialised once. */
export function sendText(sockets: Iterable<WebSocket>, text: string): void {
  const frame = Buffer.from(text);
  for (const socket of sockets) {
    if (socket.readyState !== WebSocket.OPEN) continue;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      continue;
    }
    socket.send(frame, { binary: false });
  }
}
