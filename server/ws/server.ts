import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler, Response } from "express";
import { WebSocketServer } from "ws";

export const WS_PATH = "/ws";
const MAX_PAYLOAD_BYTES = 64 * 1024;

type SessionRequest = IncomingMessage & { session?: { passport?: { user?: number } } };

/**
 * The /ws endpoint. An upgrade is accepted only from the site's own pages (Origin check) and with a
 * signed-in session; anything else is refused before a socket exists. Other upgrade paths (Vite's
 * hot reload in development) are left to their own handlers.
 */
export function attachWebSocketServer(httpServer: Server, session: RequestHandler) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });

  httpServer.on("upgrade", (req: SessionRequest, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== WS_PATH) return;
    if (!isSameOrigin(req)) return refuse(socket, 403, "Forbidden");
    session(req as never, {} as Response, () => {
      const userId = req.session?.passport?.user;
      if (typeof userId !== "number") return refuse(socket, 401, "Unauthorized");
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req, userId));
    });
  });

  return {
    wss,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.close(1001, "Server shutting down");
        wss.close(() => resolve());
      }),
  };
}

function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
