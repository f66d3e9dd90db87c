import type http from "node:http";
import type net from "node:net";
import type { Express } from "express";

/** The app on a real socket, for tests that write raw HTTP (cut uploads, slow bodies) supertest cannot. */
export interface LoopbackServer {
  port: number;
  /** Cuts open connections and stops listening. */
  close(): void;
}

export async function listenOnLoopback(app: Express): Promise<LoopbackServer> {
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
