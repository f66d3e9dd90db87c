import net from "node:net";

/**
 * A TCP relay in front of a database for tests of a connection that stops answering: forwarding,
 * it passes bytes both ways; silenced, it drops the connections it holds and leaves new ones
 * unanswered (a client's connect then runs out of time, as against a saturated server).
 */
export interface Relay {
  /** `url` with its host and port replaced by the relay's. */
  url: string;
  silence(): void;
  forward(): void;
  close(): Promise<void>;
}

export async function startRelay(url: string): Promise<Relay> {
  const target = new URL(url);
  const open = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => {});
    if (silent) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(upstream);
    upstream.on("close", () => open.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(url);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    silence() {
      silent = true;
      for (const socket of open) socket.destroy();
    },
    forward() {
      silent = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
