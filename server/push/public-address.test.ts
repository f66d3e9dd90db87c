import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address";

describe("isPublicAddress", () => {
  it.each([
    "0.0.0.0",
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fd00::1",
    "fc00::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "2001:db8::1",
    "198.18.0.1",
    // Local-use NAT64 (RFC 8215): the network's own translator, whatever IPv4 address it carries.
    "64:ff9b:1::808:808",
    "64:ff9b:1::a00:1",
    "64:ff9b:1:ffff::1",
    // IPv4-translated (::ffff:0:0:0/96), Teredo and the rest of 2001::/23, 6to4 of a private address.
    "::ffff:0:a00:1",
    "::ffff:0:808:808",
    "2001::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:2::1",
    "2002:a00:1::",
    "fec0::1",
    "100::1",
    "3fff::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2001:4860:4860::8888", "2620:fe::fe"])(
    "accepts %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
