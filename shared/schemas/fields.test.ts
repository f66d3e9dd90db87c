import { describe, expect, it } from "vitest";
import {
  hexColorSchema,
  idParamSchema,
  optionalEmailSchema,
  optionalFileUrlSchema,
  paginationQuerySchema,
  passwordSchema,
  socialHandleSchema,
  usernameSchema,
  websiteSchema,
} from "./fields";
import { issueMessages } from "./test-utils";

describe("usernameSchema", () => {
  it("accepts letters, digits, underscore and dash, trimmed", () => {
    expect(usernameSchema.parse("  Ab_c-9 ")).toBe("Ab_c-9");
  });

  it("refuses names that would shadow a route of the site, in any case", () => {
    expect(issueMessages(usernameSchema, "Admin")).toEqual(["This username is not available"]);
    expect(issueMessages(usernameSchema, "userlist")).toEqual(["This username is not available"]);
    expect(usernameSchema.safeParse("admins").success).toBe(true);
  });

  it("checks length with the spec's messages", () => {
    expect(issueMessages(usernameSchema, "ab")).toEqual(["Username must be at least 3 characters"]);
    expect(issueMessages(usernameSchema, "a".repeat(21))).toEqual(["Username must be at most 20 characters"]);
    expect(usernameSchema.safeParse("a".repeat(20)).success).toBe(true);
  });

  it("rejects other characters", () => {
    expect(issueMessages(usernameSchema, "bad name")).toEqual([
      "Username can only contain letters, numbers, underscore and dash",
    ]);
    expect(issueMessages(usernameSchema, "naïve")[0]).toBe(
      "Username can only contain letters, numbers, underscore and dash",
    );
  });

  it("reports HTML tags and special characters", () => {
    expect(issueMessages(usernameSchema, "<b>x</b>")).toEqual([
      "Username can only contain letters, numbers, underscore and dash",
      "HTML tags not allowed",
      "Special characters not allowed",
    ]);
    expect(issueMessages(usernameSchema, "tom&jerry")).toContain("Special characters not allowed");
    expect(issueMessages(usernameSchema, "o'neil")).toContain("Special characters not allowed");
  });
});

describe("passwordSchema", () => {
  it("requires an upper-case letter, a lower-case letter and a digit", () => {
    const rule = "Password must contain at least one uppercase letter, one lowercase letter, and one number";
    expect(issueMessages(passwordSchema, "abcdefg1")).toEqual([rule]);
    expect(issueMessages(passwordSchema, "ABCDEFG1")).toEqual([rule]);
    expect(issueMessages(passwordSchema, "Abcdefgh")).toEqual([rule]);
    expect(passwordSchema.safeParse("Abcdefg1").success).toBe(true);
  });

  it("is 8 to 128 characters", () => {
    expect(issueMessages(passwordSchema, "Abcde1")).toEqual(["Password must be at least 8 characters"]);
    expect(passwordSchema.safeParse(`Aa1${"x".repeat(125)}`).success).toBe(true);
    expect(issueMessages(passwordSchema, `Aa1${"x".repeat(126)}`)).toEqual(["Password too long"]);
  });

  it("is trimmed like the client trims it", () => {
    expect(passwordSchema.parse("  Abcdefg1 ")).toBe("Abcdefg1");
  });
});

describe("hexColorSchema", () => {
  it("accepts exactly #rrggbb", () => {
    expect(hexColorSchema.safeParse("#6366f1").success).toBe(true);
    expect(hexColorSchema.safeParse("#ABCDEF").success).toBe(true);
    for (const bad of ["#fff", "6366f1", "#6366f1ff", "#gggggg", "red", "#000000;background:url(x)"]) {
      expect(hexColorSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("socialHandleSchema", () => {
  it("strips a leading @ before checking", () => {
    expect(socialHandleSchema("twitter").parse(" @jack ")).toBe("jack");
    expect(socialHandleSchema("twitter").parse(`@${"a".repeat(50)}`)).toBe("a".repeat(50));
    expect(issueMessages(socialHandleSchema("telegram"), "@@jack")).toEqual(["Invalid characters in telegram handle"]);
  });

  it("uses the spec's messages per platform", () => {
    expect(issueMessages(socialHandleSchema("twitter"), "a".repeat(51))).toEqual(["Twitter handle too long"]);
    expect(issueMessages(socialHandleSchema("github"), "a".repeat(51))).toEqual(["GitHub username too long"]);
    expect(issueMessages(socialHandleSchema("discord"), "a b")).toEqual(["Invalid characters in discord handle"]);
  });

  it("allows dots, underscores, dashes and an empty value", () => {
    expect(socialHandleSchema("github").parse("a.b_c-d")).toBe("a.b_c-d");
    expect(socialHandleSchema("github").parse("")).toBe("");
  });
});

describe("websiteSchema", () => {
  it("accepts http(s) URLs or empty", () => {
    expect(websiteSchema.parse(" https://example.com ")).toBe("https://example.com");
    expect(websiteSchema.parse("  ")).toBe("");
  });

  it("rejects other schemes and non-URLs", () => {
    for (const bad of ["javascript:alert(1)", "ftp://example.com", "example.com", "data:text/html,x"]) {
      expect(issueMessages(websiteSchema, bad), bad).toEqual(["Invalid website URL"]);
    }
  });

  it("is at most 200 characters", () => {
    expect(issueMessages(websiteSchema, `https://e.com/${"a".repeat(200)}`)).toContain("Website URL too long");
  });
});

describe("optionalEmailSchema", () => {
  it("accepts an address or empty", () => {
    expect(optionalEmailSchema.parse(" me@example.com ")).toBe("me@example.com");
    expect(optionalEmailSchema.parse("")).toBe("");
    expect(issueMessages(optionalEmailSchema, "not-an-email")).toEqual(["Invalid email address"]);
  });
});

describe("optionalFileUrlSchema", () => {
  it("accepts site paths, http(s) URLs, empty and null", () => {
    for (const ok of ["/uploads/abc.png", "https://cdn.example.com/a.png", "", null]) {
      expect(optionalFileUrlSchema.safeParse(ok).success, String(ok)).toBe(true);
    }
  });

  it("rejects other schemes and protocol-relative URLs", () => {
    for (const bad of ["javascript:alert(1)", "//evil.example/a.png", "uploads/a.png", "data:image/png;base64,AA"]) {
      expect(issueMessages(optionalFileUrlSchema, bad), bad).toEqual(["Invalid file URL"]);
    }
  });
});

describe("idParamSchema", () => {
  it("coerces positive integers from strings", () => {
    expect(idParamSchema.parse("42")).toBe(42);
  });

  it("rejects everything else", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "", "2147483648"]) {
      expect(issueMessages(idParamSchema, bad), bad).toEqual(["Invalid id"]);
    }
  });
});

describe("paginationQuerySchema", () => {
  it("defaults to page 1 of 10", () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it("coerces query strings and bounds them", () => {
    expect(paginationQuerySchema.parse({ page: "3", limit: "100" })).toEqual({ page: 3, limit: 100 });
    expect(paginationQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
  });

  it("ignores unknown query parameters", () => {
    expect(paginationQuerySchema.parse({ fast: "true" })).toEqual({ page: 1, limit: 10 });
  });
});

describe("validation time stays linear in the input", () => {
  // Quadratic patterns take seconds on inputs this size (99,000 `<` froze the server for ~10 s).
  const HUGE = 100_000;
  const timed = (schema: { safeParse(input: unknown): { success: boolean } }, input: unknown) => {
    const started = performance.now();
    const result = schema.safeParse(input);
    return { success: result.success, ms: performance.now() - started };
  };

  it.each([
    ["username of `<`", usernameSchema, "<".repeat(HUGE)],
    ["username of `<` within the length limit", usernameSchema, "<".repeat(20)],
    ["password", passwordSchema, "a".repeat(HUGE)],
    ["handle", socialHandleSchema("github"), "a".repeat(HUGE) + "!"],
    ["website", websiteSchema, "https://" + "a".repeat(HUGE)],
    ["file URL", optionalFileUrlSchema, "/" + "a".repeat(HUGE)],
    ["email", optionalEmailSchema, "a".repeat(HUGE) + "@" + "a.".repeat(HUGE / 2) + "!"],
  ])("%s", (_name, schema, input) => {
    const { success, ms } = timed(schema as never, input);
    expect(success).toBe(false);
    expect(ms).toBeLessThan(100);
  });

  it("reports only the length when a value is too long", () => {
    expect(issueMessages(usernameSchema, "<".repeat(HUGE))).toEqual(["Username must be at most 20 characters"]);
    expect(issueMessages(optionalEmailSchema, "a".repeat(HUGE))).toEqual(["Email too long"]);
  });

  it("still names special characters and tags within the length limit", () => {
    expect(issueMessages(usernameSchema, "<b>x")).toEqual([
      "Username can only contain letters, numbers, underscore and dash",
      "HTML tags not allowed",
      "Special characters not allowed",
    ]);
  });
});
