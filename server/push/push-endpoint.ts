import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from "node:dns";
import { isIP } from "node:net";
import { isPublicAddress } from "./public-address";

/**
 * Where the server may send pushes (docs/product.md "Watching, push and install"; SSRF, docs/decisions/039): an endpoint
 * is a browser's push service, so an `https:` URL on a public address. A host listed in
 * PUSH_ALLOW_HOSTS (tests, a push service on a private network) is taken as it is, `http:` too.
 */
export interface PushHosts {
  /** Lower-case host names and addresses (IPv6 without brackets). */
  allowed: ReadonlySet<string>;
}

export const parsePushAllowHosts = (value: string | undefined): PushHosts => ({
  allowed: new Set((value ?? "").split(",").map((host) => bareHost(host.trim().toLowerCase())).filter(Boolean)),
});

/** A URL's hostname without an IPv6 address's brackets. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

export const ENDPOINT_NOT_URL = "Push endpoint must be a URL";
export const ENDPOINT_NOT_HTTPS = "Push endpoint must use https:";
export const ENDPOINT_UNRESOLVED = "Push endpoint's host could not be resolved";
export const ENDPOINT_NOT_PUBLIC = "Push endpoint must be on a public address (not loopback, private, link-local or multicast)";

/**
 * Why `endpoint` may not receive pushes judging by the URL alone (scheme, listed host, an address
 * written in it), or null; `host` is what is left to resolve (null: nothing). Checked again before
 * each send: PUSH_ALLOW_HOSTS may have changed since the subscription.
 */
export function pushUrlRefusal(endpoint: string, hosts: PushHosts): { refusal: string } | { host: string | null } {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { refusal: ENDPOINT_NOT_URL };
  }
  if (url.username || url.password) return { refusal: ENDPOINT_NOT_URL };
  const host = bareHost(url.hostname);
  if (hosts.allowed.has(host)) return url.protocol === "https:" || url.protocol === "http:" ? { host: null } : { refusal: ENDPOINT_NOT_HTTPS };
  if (url.protocol !== "https:") return { refusal: ENDPOINT_NOT_HTTPS };
  if (isIP(host)) return isPublicAddress(host) ? { host: null } : { refusal: ENDPOINT_NOT_PUBLIC };
  return { host };
}

/**
 * Why `endpoint` may not receive pushes, or null when it may: a host name's every address must be
 * public (one private answer among public ones is refused too). Sending checks again at connection
 * time (pinnedLookup), since the name may resolve elsewhere by then (DNS rebinding).
 */
export async function pushEndpointRefusal(endpoint: string, hosts: PushHosts): Promise<string | null> {
  const judged = pushUrlRefusal(endpoint, hosts);
  if ("refusal" in judged) return judged.refusal;
  if (judged.host === null) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(judged.host);
  } catch {
    return ENDPOINT_UNRESOLVED;
  }
  return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address)) ? null : ENDPOINT_NOT_PUBLIC;
}

const resolveAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the endpoint's host as the connection is made and
 * refuses it unless every address is public (a listed host as it resolves): the address checked is
 * the one connected to, so a name that changed its answer since the subscription is caught.
 */
export function pinnedLookup(hosts: PushHosts) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    const host = bareHost(hostname.toLowerCase());
    resolveAll(host).then(
      (addresses) => {
        if (!hosts.allowed.has(host) && (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address)))) {
          return callback(Object.assign(new Error(ENDPOINT_NOT_PUBLIC), { code: "EPUSHNOTPUBLIC" }), "");
        }
        if (options.all) return callback(null, addresses);
        const first = addresses.find((entry) => !options.family || entry.family === options.family) ?? addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
