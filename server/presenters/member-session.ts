import { isIPv4, isIPv6 } from "node:net";
import type { MemberSession } from "@shared/types";
import type { MemberSessionRow } from "../queries/sessions";

/**
 * One of the member's sessions as GET /api/auth/sessions shows it. `lastSeenAt` is when its expiry
 * was last pushed forward, which the session middleware does at most hourly (no write per request),
 * so it is right to within that hour; the current session was seen now.
 */
export function presentMemberSession(row: MemberSessionRow, { id, current, now }: { id: string; current: boolean; now: number }): MemberSession {
  const signedInAt = row.data.signedInAt ?? now;
  const { browser, os } = describeUserAgent(row.data.device?.userAgent ?? "");
  return {
    id,
    current,
    createdAt: new Date(signedInAt).toISOString(),
    lastSeenAt: new Date(current ? now : (row.data.refreshedAt ?? signedInAt)).toISOString(),
    browser,
    os,
    ip: maskIp(row.data.device?.ip ?? ""),
  };
}

/** The current session first, then the most recently seen. */
export function sortSessions(sessions: MemberSession[]): MemberSession[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** An address with its last part masked: `203.0.113.*`, `2001:db8:85a3::8a2e:*`; an IPv4 inside IPv6 counts as IPv4. */
export function maskIp(ip: string): string {
  const v4 = ip.startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4.replace(/\.\d+$/, ".*");
  if (isIPv6(ip)) return ip.replace(/[^:]*$/, "*");
  return "Unknown";
}

/** Browser engines' tokens, most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [name: string, token: RegExp][] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [name: string, token: RegExp][] = [
  ["iOS", /\b(?:iPhone|iPad|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

/**
 * Browser and system from a User-Agent, for people to recognise their devices (not for decisions):
 * a few tokens that every current browser sends. The input is at most 512 characters and no pattern
 * backtracks beyond a token, so it stays linear.
 */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const ua = userAgent.slice(0, 512);
  let browser = "Unknown browser";
  for (const [name, token] of BROWSERS) {
    const match = token.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, token]) => token.test(ua))?.[0] ?? "Unknown system";
  return { browser, os };
}
