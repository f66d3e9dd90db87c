import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction, type TcpNetConnectOpts } from "node:net";
import type { Duplex } from "node:stream";
import ipaddr from "ipaddr.js";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

/**
 * Fetching a URL a member chose (link previews, docs/product.md "Rich content";
 * docs/decisions/061-link-previews.md): GET only, `http:`/`https:`, at most 3 redirects, 5 s for
 * the whole of it, 1 MB, only the content types the caller accepts. Every connection (the page,
 * each redirect, the image) goes through request-filtering-agent, which checks the address being
 * connected to: an address written in the URL as it connects, a host name's addresses as they are
 * resolved for that very connection (so DNS rebinding cannot pass); it refuses everything ipaddr.js
 * does not call public unicast (loopback, private, link-local, unique-local, CGNAT, NAT64, IPv4-mapped,
 * 6to4, Teredo, unspecified, multicast, reserved). The WHATWG URL parser has already turned every
 * spelling of an address (decimal, hex, octal, short forms, `[::ffff:…]`) into its one form.
 * `ONEBOX_ALLOW_HOSTS` (`host:port` pairs) is the only way past the check (tests).
 */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const ONEBOX_LIMITS: FetchLimits = { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 3 };

/** Why a fetch gave nothing: logged, never shown (a failure leaves the plain link). */
export class FetchRefused extends Error {}

/** The `host:port` pairs of ONEBOX_ALLOW_HOSTS, each host as the URL parser writes it. */
export class AllowedHosts {
  private readonly pairs: ReadonlySet<string>;

  constructor(value: string | undefined) {
    this.pairs = new Set(
      (value ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const port = entry.slice(entry.lastIndexOf(":") + 1);
          return `${new URL(`http://${entry}`).hostname}:${Number(port)}`;
        }),
    );
  }

  allows(url: URL): boolean {
    return this.pairs.has(`${url.hostname}:${url.port === "" ? defaultPort(url) : Number(url.port)}`);
  }
}

const defaultPort = (url: URL) => (url.protocol === "https:" ? 443 : 80);

/**
 * IPv4-compatible IPv6 (`::a.b.c.d`, deprecated) is the one form ipaddr.js calls unicast that carries
 * an IPv4 address; refused here, before the library's own check.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");
const isIpv4Compatible = (address: string) => {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE);
};

const notPublic = (address: string) => new FetchRefused(`${address} is not a public address`);

/** dns.lookup, then the extra refusal above for every address it gives. */
const lookupRefusingCompatible: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((entry) => isIpv4Compatible(entry.address));
    if (refused) return callback(notPublic(refused.address), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

type ConnectOptions = TcpNetConnectOpts;
type ConnectionCallback = (error: Error | null, socket: Duplex) => void;

/** The library's agents, with the extra refusal: for an address in the URL and in every lookup. */
class PublicHttpAgent extends RequestFilteringHttpAgent {
  override createConnection(options: ConnectOptions, callback?: ConnectionCallback) {
    return super.createConnection(guarded(options), callback);
  }
}
class PublicHttpsAgent extends RequestFilteringHttpsAgent {
  override createConnection(options: ConnectOptions, callback?: ConnectionCallback) {
    return super.createConnection(guarded(options), callback);
  }
}

function guarded(options: ConnectOptions): ConnectOptions {
  if (options.host && isIP(options.host) && isIpv4Compatible(options.host)) {
    // An address the library would let through: a lookup that refuses it (net calls it for no IP literal, so the host is made unresolvable).
    const refused = notPublic(options.host);
    return { ...options, host: "invalid.", lookup: (_host, _options, callback) => callback(refused, "", 0) };
  }
  return { ...options, lookup: lookupRefusingCompatible };
}

// No keep-alive: every request connects anew, so every request's address is checked.
const publicAgents = { "http:": new PublicHttpAgent({ keepAlive: false }), "https:": new PublicHttpsAgent({ keepAlive: false }) };
const listedAgents = { "http:": new http.Agent({ keepAlive: false }), "https:": new https.Agent({ keepAlive: false }) };

export interface Fetched {
  /** Where the body came from, after redirects. */
  url: URL;
  contentType: string;
  body: Buffer;
}

export interface FetchRequest {
  /** The `Accept` header sent. */
  accept: string;
  /** Whether a response's media type (lower case, no parameters) is one to read. */
  accepts: (mediaType: string) => boolean;
}

/** GET `address` within `limits`, following at most `maxRedirects` redirects, each hop checked anew. */
export async function safeGet(address: string, request: FetchRequest, hosts: AllowedHosts, limits: FetchLimits = ONEBOX_LIMITS): Promise<Fetched> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = parseHttpUrl(address);
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(url, request, hosts, limits, signal);
    if ("body" in answer) return answer;
    if (redirects === limits.maxRedirects) throw new FetchRefused(`more than ${limits.maxRedirects} redirects`);
    url = parseHttpUrl(answer.location, url);
  }
}

function parseHttpUrl(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new FetchRefused("not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused(`${url.protocol} is not http: or https:`);
  if (url.username || url.password) throw new FetchRefused("a URL with credentials");
  url.hash = "";
  return url;
}

function getOnce(url: URL, request: FetchRequest, hosts: AllowedHosts, limits: FetchLimits, signal: AbortSignal): Promise<Fetched | { location: string }> {
  const protocol = url.protocol as "http:" | "https:";
  const agent = hosts.allows(url) ? listedAgents[protocol] : publicAgents[protocol];
  const client = protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: "GET", agent, signal, headers: { accept: request.accept, "accept-encoding": "identity", "user-agent": "EnclaveLinkPreview/1" } }, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const fail = (message: string) => {
        res.destroy();
        reject(new FetchRefused(message));
      };
      if (status >= 300 && status < 400 && status !== 304) {
        res.resume();
        return res.headers.location ? resolve({ location: res.headers.location }) : fail(`${status} without a location`);
      }
      if (status !== 200) return fail(`answered ${status}`);
      const contentType = (res.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (!request.accepts(contentType)) return fail(`content type ${contentType || "(none)"}`);
      if (Number(res.headers["content-length"] ?? 0) > limits.maxBytes) return fail("larger than the limit");
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return fail("larger than the limit");
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ url, contentType, body: Buffer.concat(chunks) }));
      res.on("error", (error) => reject(error));
    });
    req.on("error", (error) => reject(error instanceof FetchRefused ? error : new FetchRefused(error.message)));
    req.end();
  });
}
