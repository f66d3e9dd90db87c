import { describe, expect, it } from "vitest";
import { describeUserAgent, maskIp } from "./member-session";

describe("maskIp", () => {
  it.each([
    ["203.0.113.77", "203.0.113.*"],
    ["::ffff:127.0.0.1", "127.0.0.*"],
    ["2001:db8:85a3::8a2e:370:7334", "2001:db8:85a3::8a2e:370:*"],
    ["::1", "::*"],
    ["2001:db8::", "2001:db8::*"],
    ["", "Unknown"],
    ["not an address", "Unknown"],
  ])("%s → %s", (ip, masked) => expect(maskIp(ip)).toBe(masked));
});

describe("describeUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36", "Chrome 140", "Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 Edg/139.0.3405.86", "Edge 139", "Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox 132", "macOS"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari 18", "macOS"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", "Chrome 131", "iOS"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet 26", "Android"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0", "Opera 115", "Linux"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36", "Chrome 130", "ChromeOS"],
    ["curl/8.5.0", "Unknown browser", "Unknown system"],
    ["", "Unknown browser", "Unknown system"],
  ])("%s", (userAgent, browser, os) => expect(describeUserAgent(userAgent)).toEqual({ browser, os }));

  it("reads a long hostile string in linear time", () => {
    const hostile = "Version/1" + ".1".repeat(100_000) + " Mobile/" + "x".repeat(100_000);
    expect(describeUserAgent(hostile)).toEqual({ browser: "Unknown browser", os: "Unknown system" });
  });
});
