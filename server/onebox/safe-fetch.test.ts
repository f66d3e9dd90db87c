import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AllowedHosts, FetchRefused, safeGet, type FetchLimits } from "./safe-fetch";
import { startServer } from "./pages.test-support";

const HTML = { accept: "text/html", accepts: (type: string) => type === "text/html" };
const FAST: FetchLimits = { timeoutMs: 1_000, maxBytes: 1024 * 1024, maxRedirects: 3 };

/** docs/product.md "Rich content": what the server may fetch for a link preview, checked at connection time. */
describe("safeGet", () => {
  let allowed: Awaited<ReturnType<typeof startServer>>;
  let trap: Awaited<ReturnType<typeof startServer>>;
  let hosts: AllowedHosts;

  beforeAll(async () => {
    // The trap listens on every loopback address, IPv4 and IPv6: any request that reaches it is a hole.
    trap = await startServer("::");
    allowed = await startServer("127.0.0.1", (req, res) => {
      const url = new URL(req.url!, "http://x");
      const hops = Number(url.searchParams.get("hops") ?? 0);
      if (url.pathname === "/page") return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<title>ok</title>");
      if (url.pathname === "/chain") return res.writeHead(302, { location: hops > 1 ? `/chain?hops=${hops - 1}` : "/page" }).end();
      if (url.pathname === "/to-trap") return res.writeHead(301, { location: `http://127.0.0.1:${trap.port}/` }).end();
      if (url.pathname === "/to-trap-decimal") return res.writeHead(307, { location: `http://2130706433:${trap.port}/` }).end();
      if (url.pathname === "/to-file") return res.writeHead(302, { location: "file:///etc/passwd" }).end();
      if (url.pathname === "/json") return res.writeHead(200, { "content-type": "application/json" }).end("{}");
      if (url.pathname === "/no-type") return res.writeHead(200).end("<title>x</title>");
      if (url.pathname === "/huge") {
        res.writeHead(200, { "content-type": "text/html" });
        // No content-length: the limit is counted as the bytes arrive.
        const chunk = "x".repeat(64 * 1024);
        for (let i = 0; i < 20; i++) res.write(chunk);
        return res.end();
      }
      if (url.pathname === "/slow") return setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end("late"), 3_000);
      if (url.pathname === "/missing") return res.writeHead(404).end();
      res.writeHead(500).end();
    });
    hosts = new AllowedHosts(`127.0.0.1:${allowed.port}`);
  });
  afterAll(async () => {
    await allowed.close();
    await trap.close();
  });

  const origin = () => `http://127.0.0.1:${allowed.port}`;

  it("fetches an allowed host's HTML page with GET", async () => {
    const page = await safeGet(`${origin()}/page`, HTML, hosts, FAST);
    expect(page.body.toString()).toBe("<title>ok</title>");
    expect(page.contentType).toBe("text/html");
    expect(allowed.hits.at(-1)).toEqual({ method: "GET", path: "/page" });
  });

  it("follows at most 3 redirects", async () => {
    expect((await safeGet(`${origin()}/chain?hops=3`, HTML, hosts, FAST)).url.pathname).toBe("/page");
    await expect(safeGet(`${origin()}/chain?hops=4`, HTML, hosts, FAST)).rejects.toThrow("more than 3 redirects");
  });

  it.each([
    ["a type that is not HTML", "/json", "content type application/json"],
    ["no type", "/no-type", "content type (none)"],
    ["more than 1 MB", "/huge", "larger than the limit"],
    ["an error status", "/missing", "answered 404"],
    ["a redirect to file:", "/to-file", "file: is not http: or https:"],
  ])("refuses %s", async (_what, path, message) => {
    await expect(safeGet(`${origin()}${path}`, HTML, hosts, FAST)).rejects.toThrow(message);
  });

  it("gives up on a page slower than the time limit", async () => {
    const started = Date.now();
    await expect(safeGet(`${origin()}/slow`, HTML, hosts, { ...FAST, timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it.each(["ftp://127.0.0.1/x", "file:///etc/passwd", "javascript:alert(1)", "gopher://127.0.0.1:70/", "http://user:pass@example.com/", "not a url"])(
    "refuses %s before connecting",
    async (address) => {
      await expect(safeGet(address, HTML, hosts, FAST)).rejects.toBeInstanceOf(FetchRefused);
    },
  );

  // Every spelling of a loopback, unspecified, mapped or translated address, on a port not listed.
  const SPELLINGS = [
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f000001",
    "0x7f.0.0.1",
    "0177.0.0.1",
    "017700000001",
    "127.000.000.001",
    "0.0.0.0",
    "0",
    "localhost",
    "localhost.",
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[0:0:0:0:0:ffff:127.0.0.1]",
    "[::127.0.0.1]",
    "[64:ff9b::127.0.0.1]",
    "[64:ff9b:1::127.0.0.1]",
    "[2002:7f00:1::]",
    "[fe80::1]",
    "[fc00::1]",
    "10.0.0.1",
    "192.168.1.1",
    "172.16.0.1",
    "169.254.169.254",
    "100.64.0.1",
  ];
  it.each(SPELLINGS)("refuses http://%s:<port>/ and the address receives no request", async (host) => {
    await expect(safeGet(`http://${host}:${trap.port}/`, HTML, hosts, FAST)).rejects.toThrow();
    await expect(safeGet(`https://${host}:${trap.port}/`, HTML, hosts, FAST)).rejects.toThrow();
    expect(trap.hits).toEqual([]);
  });

  it("checks every redirect's address too: an allowed page redirecting to loopback elsewhere reaches nothing", async () => {
    await expect(safeGet(`${origin()}/to-trap`, HTML, hosts, FAST)).rejects.toThrow(/not allowed|not a public address/);
    await expect(safeGet(`${origin()}/to-trap-decimal`, HTML, hosts, FAST)).rejects.toThrow(/not allowed|not a public address/);
    expect(trap.hits).toEqual([]);
  });

  it("takes ONEBOX_ALLOW_HOSTS as host:port pairs: the same host on another port is refused", async () => {
    const both = new AllowedHosts(`127.0.0.1:${allowed.port}, [::1]:${trap.port}`);
    expect(both.allows(new URL(`http://127.0.0.1:${allowed.port}/`))).toBe(true);
    expect(both.allows(new URL(`http://2130706433:${allowed.port}/`))).toBe(true);
    expect(both.allows(new URL(`http://[::1]:${trap.port}/`))).toBe(true);
    expect(both.allows(new URL(`http://127.0.0.1:${trap.port}/`))).toBe(false);
    expect(both.allows(new URL(`http://localhost:${allowed.port}/`))).toBe(false);
    expect(new AllowedHosts("example.com:80").allows(new URL("http://example.com/"))).toBe(true);
    expect(new AllowedHosts("example.com:80").allows(new URL("https://example.com/"))).toBe(false);
  });

  it("reaches the trap when its host:port is listed, so the refusals above are the address check's", async () => {
    const listed = new AllowedHosts(`127.0.0.1:${trap.port},[::1]:${trap.port}`);
    const any = { accept: "*/*", accepts: () => true };
    expect((await safeGet(`http://127.0.0.1:${trap.port}/`, any, listed, FAST)).body.toString()).toBe("trap");
    expect((await safeGet(`http://[::1]:${trap.port}/`, any, listed, FAST)).body.toString()).toBe("trap");
    expect(trap.hits).toHaveLength(2);
  });
});
