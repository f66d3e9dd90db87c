// Reusable field schemas: each rule and its message is written here once.
import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_SIZE, RESERVED_USERNAMES, TEXT_LIMITS, USERNAME_CHARACTERS, USERNAME_CHARACTERS_TEXT } from "../constants";

/** Largest value of a PostgreSQL `integer` column; anything above could only fail in the database. */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * A length check that ends the field's validation when it fails: no pattern after it ever runs on
 * an over-long value, so validation stays linear in the input (docs/product.md "Security baseline").
 */
export const atMost = (error: string) => ({ error, abort: true });

// The API document (server/openapi/) is made by zod-to-openapi, which cannot see a `.refine`, the
// far side of a `.pipe` or a transform, nor a length once trimmed. A schema with such a rule carries
// the rule's JSON Schema in `.meta()`, beside it (docs/product.md "API conventions"); `emptyOr` reads
// it from the schema it wraps, so that meta holds every keyword of the rule (its `maxLength` too).

/** A `.trim().min(1)`: not blank. */
export const NOT_BLANK = { pattern: "\\S" } as const;

/** A `.trim().min(min)` (min ≥ 2): at least `min` characters from the first to the last that is not white space. */
export const trimmedAtLeast = (min: number) => ({ pattern: `^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$` });

/** Any of `words`, in any case, as a whole string: for a `not`. */
const anyCaseOf = (words: readonly string[]) => ({
  pattern: `^(?:${words.map((word) => word.replace(/[a-z]/gi, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`)).join("|")})$`,
});

/**
 * The decimal integers 1..max, as a regular expression's source (no anchors): how a number that must
 * fit a PostgreSQL `integer` is written in a path or a string (`topic-{id}`, a cursor).
 */
export function upToSource(max: number): string {
  const digits = String(max);
  const anyDigits = (count: number) => (count > 1 ? `\\d{${count}}` : count === 1 ? "\\d" : "");
  // Fewer digits than max; then max's first i digits, a smaller one, and any after; then max itself.
  const alternatives = digits.length > 1 ? [`[1-9]\\d{0,${digits.length - 2}}`] : [];
  for (const [i, digit] of [...digits].entries()) {
    const low = i === 0 ? 1 : 0;
    const below = Number(digit) - 1;
    if (below >= low) alternatives.push(`${digits.slice(0, i)}${below === low ? low : `[${low}-${below}]`}${anyDigits(digits.length - i - 1)}`);
  }
  return `(?:${[...alternatives, digits].join("|")})`;
}

/** A `<` with a `>` somewhere after it: one pass, where /<[^>]*>/ rescans the rest from every `<`. */
function containsTag(value: string): boolean {
  const open = value.indexOf("<");
  return open !== -1 && value.indexOf(">", open + 1) !== -1;
}

export const usernameSchema = z
  .string()
  .trim()
  .min(TEXT_LIMITS.usernameMin, `Username must be at least ${TEXT_LIMITS.usernameMin} characters`)
  .max(TEXT_LIMITS.usernameMax, atMost(`Username must be at most ${TEXT_LIMITS.usernameMax} characters`))
  .regex(new RegExp(`^[${USERNAME_CHARACTERS}]*$`), `Username can only contain ${USERNAME_CHARACTERS_TEXT}`)
  .refine((value) => !containsTag(value), "HTML tags not allowed")
  .refine((value) => !/[<>'"&]/.test(value), "Special characters not allowed")
  .refine((value) => !(RESERVED_USERNAMES as readonly string[]).includes(value.toLowerCase()), "This username is not available")
  .meta({ not: anyCaseOf(RESERVED_USERNAMES) });

// Passwords are trimmed everywhere because the client trims them at login and registration.
export const passwordSchema = z
  .string()
  .trim()
  .min(TEXT_LIMITS.passwordMin, `Password must be at least ${TEXT_LIMITS.passwordMin} characters`)
  .max(TEXT_LIMITS.passwordMax, atMost("Password too long"))
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value),
    "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  )
  .meta({
    allOf: [trimmedAtLeast(TEXT_LIMITS.passwordMin), { pattern: "[a-z]" }, { pattern: "[A-Z]" }, { pattern: "[0-9]" }],
    examples: ["Secret123"],
  });

/** zod's `z.iso.datetime({ offset: true })`: narrower than `format: date-time` (a capital `T`, no leap second). */
export const ISO_DATE_TIME_WITH_OFFSET = { format: "date-time", pattern: z.regexes.datetime({ offset: true }).source } as const;

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Color must be a hex value like #6366f1")
  .meta({ examples: ["#6366f1"] });

export const SOCIAL_PLATFORMS = [
  "twitter",
  "github",
  "discord",
  "telegram",
  "instagram",
  "linkedin",
  "youtube",
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

const HANDLE_TOO_LONG: Record<SocialPlatform, string> = {
  twitter: "Twitter handle too long",
  github: "GitHub username too long",
  discord: "Discord handle too long",
  telegram: "Telegram handle too long",
  instagram: "Instagram handle too long",
  linkedin: "LinkedIn handle too long",
  youtube: "YouTube handle too long",
};

/** A handle as stored: trimmed, without a leading '@'; "" clears it. */
export function socialHandleSchema(platform: SocialPlatform) {
  return z
    .string()
    .trim()
    .overwrite((value) => value.replace(/^@/, ""))
    .max(TEXT_LIMITS.socialHandle, atMost(HANDLE_TOO_LONG[platform]))
    .regex(/^[A-Za-z0-9._-]*$/, `Invalid characters in ${platform} handle`);
}

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const HTTP_PROTOCOLS = ["http:", "https:"] as const;

// A host name whose every label is ASCII: the last one starts with a letter (WHATWG URL reads an
// all-digit or 0x label as an IPv4 address, which may not parse) and none is an `xn--` label (it must
// be valid punycode). Addresses written as numbers are not in the document's form (the server takes them).
const LABEL = "(?![xX][nN]--)[A-Za-z0-9-]+";
const HOST = `(?:${LABEL}\\.)*(?![xX][nN]--)[A-Za-z][A-Za-z0-9-]*`;

/**
 * The document's form of a URL with one of `protocols` (`http:`, `https:`, `mailto:`): a part of what
 * `new URL` takes, so that whatever matches it, the server accepts (document-forms.test.ts checks
 * that on generated strings).
 */
export function urlPattern(protocols: readonly string[]): string {
  const forms = protocols.map((protocol) => (protocol === "mailto:" ? "mailto:\\S+" : `${protocol}//${HOST}(?::\\d{1,4})?(?:[/?#]\\S*)?`));
  return `^(?:${forms.join("|")})$`;
}

/** An absolute URL with one of the given schemes (e.g. "https:"). */
export function urlSchema(
  protocols: readonly string[],
  messages: { invalid: string; tooLong: string },
  max: number = TEXT_LIMITS.url,
) {
  return z
    .string()
    .trim()
    .max(max, atMost(messages.tooLong))
    .refine((value) => hasProtocol(value, protocols), messages.invalid)
    .meta({ format: "uri", pattern: urlPattern(protocols), maxLength: max });
}

/** Accepts `schema` (which states its whole rule in `.meta()`) or a blank string (stored as ""). */
export function emptyOr<T extends z.ZodType<string, string>>(schema: T) {
  // Not a union: a union that fails on every branch hides the branch's own messages ("Email too long")
  // behind "Invalid input" once a length check aborts.
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return value;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    })
    .meta({ anyOf: [{ pattern: "^\\s*$" }, { ...schema.meta() }] });
}

export const websiteSchema = emptyOr(
  urlSchema(HTTP_PROTOCOLS, { invalid: "Invalid website URL", tooLong: "Website URL too long" }, TEXT_LIMITS.website),
);

export const locationSchema = z.string().trim().max(TEXT_LIMITS.location, "Location too long");

// Uploads are served from this site (`/uploads/<name>`); whether the caller owns the file is the server's check.
function isFileUrl(value: string): boolean {
  const isSitePath = value.startsWith("/") && !value.startsWith("//") && !value.includes("\\");
  return isSitePath || hasProtocol(value, HTTP_PROTOCOLS);
}

/** The document's form of isFileUrl: a site path, or an http(s) URL in urlPattern's form. */
export const FILE_URL_PATTERN = `^/(?!/)[^\\\\]*$|${urlPattern(HTTP_PROTOCOLS)}`;

/** URL of an uploaded file, "" or null for none. */
export const optionalFileUrlSchema = emptyOr(
  z
    .string()
    .max(TEXT_LIMITS.fileUrl, atMost("File URL too long"))
    .refine(isFileUrl, "Invalid file URL")
    .meta({ maxLength: TEXT_LIMITS.fileUrl, pattern: FILE_URL_PATTERN }),
).nullable();

// The length first: zod's address pattern would otherwise run over the whole input.
export const optionalEmailSchema = emptyOr(
  z
    .string()
    .max(TEXT_LIMITS.email, atMost("Email too long"))
    .pipe(z.email("Invalid email address"))
    .meta({ format: "email", pattern: z.regexes.email.source, maxLength: TEXT_LIMITS.email }),
);

/** A positive integer id, coerced from a route parameter or query string. */
export const idParamSchema = z.coerce
  .number({ error: "Invalid id" })
  .int("Invalid id")
  .min(1, "Invalid id")
  .max(MAX_DB_INTEGER, "Invalid id");

export const idParamsSchema = z.object({ id: idParamSchema });

export function pageSizeSchema(defaultSize: number, max: number) {
  return z.coerce
    .number()
    .int()
    .min(1, "Limit must be at least 1")
    .max(max, `Limit must be at most ${max}`)
    .default(defaultSize);
}

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "Page must be at least 1").max(MAX_DB_INTEGER).default(1),
  limit: pageSizeSchema(PAGE_SIZE, MAX_PAGE_SIZE),
});
export type PaginationQueryInput = z.input<typeof paginationQuerySchema>;
export type PaginationQueryData = z.output<typeof paginationQuerySchema>;

/**
 * The body of a write that takes no fields (create a bio card, unban, purge, log out...): none or `{}`,
 * and any field is refused like an unknown field anywhere else (docs/product.md "API conventions").
 */
export const emptyBodySchema = z.strictObject({});
