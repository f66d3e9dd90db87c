import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RESERVED_USERNAMES } from "../constants";
import { twoFactorCodeSchema } from "./account-security";
import { DRAFT_KEY_PATTERN } from "./drafts";
import {
  FILE_URL_PATTERN,
  HTTP_PROTOCOLS,
  MAX_DB_INTEGER,
  NOT_BLANK,
  optionalFileUrlSchema,
  passwordSchema,
  trimmedAtLeast,
  upToSource,
  urlPattern,
  urlSchema,
  usernameSchema,
} from "./fields";

/**
 * The forms the API document gives the rules it cannot read from zod (fields.ts): whatever a form
 * accepts, the server's rule accepts too, so a request the document accepts is not refused for it.
 * fast-check cannot generate from a lookahead, so strings are drawn from the form without its
 * lookaheads and kept when the whole form matches.
 */
const RUNS = { numRuns: 2_000 };
const drawn = (pattern: string) => {
  const form = new RegExp(pattern);
  return fc.stringMatching(new RegExp(pattern.replace(/\(\?![^)]*\)/g, ""))).filter((value) => form.test(value));
};

describe("upToSource", () => {
  const id = new RegExp(`^${upToSource(MAX_DB_INTEGER)}$`);

  it("writes the integers from 1 to the largest PostgreSQL integer, and no other", () => {
    for (const yes of ["1", "9", "10", "1999999999", "2147483599", "2147483646", "2147483647"]) expect(id.test(yes), yes).toBe(true);
    for (const no of ["", "0", "01", "-1", "1.0", "2147483648", "2147483650", "2200000000", "9999999999", "10000000000"]) expect(id.test(no), no).toBe(false);
    fc.assert(
      fc.property(fc.bigInt({ min: -5n, max: 3n * BigInt(MAX_DB_INTEGER) }), (n) => id.test(String(n)) === (n >= 1n && n <= BigInt(MAX_DB_INTEGER))),
      RUNS,
    );
  });

  it("holds for other bounds", () => {
    for (const max of [1, 9, 10, 100, 305, 1000]) {
      const bounded = new RegExp(`^${upToSource(max)}$`);
      for (let n = 0; n <= max + 20; n++) expect(bounded.test(String(n)), `${n} of 1..${max}`).toBe(n >= 1 && n <= max);
    }
  });
});

describe("urlPattern", () => {
  it.each([[["https:"]], [HTTP_PROTOCOLS], [["http:", "https:", "mailto:"]]])("every URL in the form for %j is one the server takes", (protocols) => {
    const rule = urlSchema(protocols, { invalid: "invalid", tooLong: "too long" }, 100_000);
    fc.assert(fc.property(drawn(urlPattern(protocols)), (url) => rule.safeParse(url).success), RUNS);
  });

  it("leaves out what `new URL` refuses or reads another way", () => {
    const form = new RegExp(urlPattern(HTTP_PROTOCOLS));
    for (const no of ["https://", "https://xn--a.com", "http://1.2.3.4.5", "http://a.123", "https://user:pw@example.com", "ftp://example.com", "https://example.com:65536"]) {
      expect(form.test(no), no).toBe(false);
    }
    expect(form.test("https://sub.example-site.com:8443/path?q=1#top")).toBe(true);
  });
});

describe("the other forms", () => {
  it("FILE_URL_PATTERN: a site path or an http(s) URL the server takes as a file URL", () => {
    fc.assert(fc.property(drawn(FILE_URL_PATTERN).filter((url) => url.length <= 500), (url) => optionalFileUrlSchema.safeParse(url).success), RUNS);
    for (const no of ["//evil.example/x", "/a\\b", "javascript:alert(1)"]) expect(new RegExp(FILE_URL_PATTERN).test(no), no).toBe(false);
  });

  it("NOT_BLANK and trimmedAtLeast: the length once trimmed", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "Z", "1", " ", "\t", "\n", "\u00a0", "\u2028", "\ufeff"), maxLength: 12 });
    fc.assert(fc.property(text, (value) => new RegExp(NOT_BLANK.pattern).test(value) === value.trim().length >= 1), RUNS);
    for (const min of [2, 3, 8]) fc.assert(fc.property(text, (value) => new RegExp(trimmedAtLeast(min).pattern).test(value) === value.trim().length >= min), RUNS);
  });

  it("the password's form is the password rule", () => {
    const forms = (passwordSchema.meta()!.allOf as { pattern: string }[]).map(({ pattern }) => new RegExp(pattern));
    const password = fc.string({ unit: fc.constantFrom("a", "B", "3", " ", "é"), maxLength: 14 });
    fc.assert(fc.property(password, (value) => forms.every((form) => form.test(value)) === passwordSchema.safeParse(value).success), RUNS);
  });

  it("a username's `not` is the reserved names, in any case", () => {
    const reserved = new RegExp((usernameSchema.meta()!.not as { pattern: string }).pattern);
    for (const name of RESERVED_USERNAMES) for (const spelling of [name, name.toUpperCase()]) expect(reserved.test(spelling), spelling).toBe(true);
    const name = fc.oneof(fc.constantFrom(...RESERVED_USERNAMES).map((word) => word.replace(/^./, (first) => first.toUpperCase())), fc.stringMatching(/^[A-Za-z0-9_-]{3,20}$/));
    fc.assert(fc.property(name, (value) => !reserved.test(value) === usernameSchema.safeParse(value).success), RUNS);
  });

  it("the two-factor code's form is the code rule", () => {
    const form = new RegExp(twoFactorCodeSchema.meta()!.pattern as string);
    const typed = fc.string({ unit: fc.constantFrom("1", "0", " ", "\t", "a"), maxLength: 12 });
    fc.assert(fc.property(typed, (value) => form.test(value) === twoFactorCodeSchema.safeParse(value).success), RUNS);
  });

  it("DRAFT_KEY_PATTERN: the four forms", () => {
    for (const yes of ["new-topic", "topic-1", "topic-2147483647", "conversation-12", "comment-ab_c", `comment-${"a".repeat(20)}`]) expect(DRAFT_KEY_PATTERN.test(yes), yes).toBe(true);
    for (const no of ["new-topic-1", "topic-0", "topic-01", "topic-2147483648", "comment-ab", `comment-${"a".repeat(21)}`, "comment-a b", "post-1", ""]) expect(DRAFT_KEY_PATTERN.test(no), no).toBe(false);
  });
});
