import { describe, expect, expectTypeOf, it } from "vitest";
import { BIO_CARD_DEFAULTS, BIO_SLIDER_RANGES } from "../constants";
import type { BioCardSettings } from "../types/bio";
import { bioCardUpdateSchema, userLinkCreateSchema, type BioCardUpdateData } from "./bio";
import { issueMessages } from "./test-utils";

describe("bioCardUpdateSchema", () => {
  it("covers exactly the editable fields of a card", () => {
    expectTypeOf<keyof BioCardUpdateData>().toEqualTypeOf<keyof BioCardSettings>();
  });

  // The public fallbacks (e.g. spacing 32) are for showing a card, not values the editor saves.
  it("accepts the editor defaults", () => {
    expect(bioCardUpdateSchema.safeParse(BIO_CARD_DEFAULTS).success).toBe(true);
  });

  it("accepts any subset", () => {
    expect(bioCardUpdateSchema.parse({})).toEqual({});
    expect(bioCardUpdateSchema.parse({ themeColor: "#112233" })).toEqual({ themeColor: "#112233" });
  });

  it("rejects fields that are not editable", () => {
    for (const field of ["viewsCount", "id", "userId", "username", "createdAt"]) {
      expect(bioCardUpdateSchema.safeParse({ [field]: 1 }).success, field).toBe(false);
    }
  });

  it("checks colours", () => {
    expect(bioCardUpdateSchema.safeParse({ boxColor: "#fff" }).success).toBe(false);
    expect(bioCardUpdateSchema.safeParse({ boxColor: "red;}body{display:none" }).success).toBe(false);
  });

  it("keeps every slider on its steps", () => {
    expect(bioCardUpdateSchema.safeParse({ boxWidth: 425 }).success).toBe(true);
    expect(issueMessages(bioCardUpdateSchema, { boxWidth: 430 })).toEqual(["Box width moves in steps of 25"]);
    expect(issueMessages(bioCardUpdateSchema, { boxRadius: 3 })).toEqual(["Box radius moves in steps of 2"]);
  });

  it("keeps every slider within its range", () => {
    for (const [field, { min, max }] of Object.entries(BIO_SLIDER_RANGES)) {
      expect(bioCardUpdateSchema.safeParse({ [field]: min }).success, `${field}=${min}`).toBe(true);
      expect(bioCardUpdateSchema.safeParse({ [field]: max }).success, `${field}=${max}`).toBe(true);
      expect(bioCardUpdateSchema.safeParse({ [field]: min - 1 }).success, `${field}=${min - 1}`).toBe(false);
      expect(bioCardUpdateSchema.safeParse({ [field]: max + 1 }).success, `${field}=${max + 1}`).toBe(false);
    }
    expect(issueMessages(bioCardUpdateSchema, { borderWidth: 6 })).toEqual(["Border width must be between 0 and 5"]);
    expect(bioCardUpdateSchema.safeParse({ boxWidth: 500.5 }).success).toBe(false);
    expect(bioCardUpdateSchema.safeParse({ boxWidth: "500" }).success).toBe(false);
  });

  it("takes options only from their lists", () => {
    expect(bioCardUpdateSchema.safeParse({ enterAnimation: "zoomIn", usernameSparkles: "rainbow" }).success).toBe(true);
    expect(bioCardUpdateSchema.safeParse({ enterAnimation: "explode" }).success).toBe(false);
    expect(bioCardUpdateSchema.safeParse({ usernameSparkles: "gold" }).success).toBe(false);
    expect(bioCardUpdateSchema.safeParse({ cardStyle: "neon" }).success).toBe(false);
  });

  it("enforces text limits", () => {
    expect(issueMessages(bioCardUpdateSchema, { revealScreenText: "x".repeat(51) })).toEqual(["Reveal text too long"]);
    expect(issueMessages(bioCardUpdateSchema, { bioText: "x".repeat(501) })).toEqual(["Description too long"]);
    expect(issueMessages(bioCardUpdateSchema, { trackName: "x".repeat(201) })).toEqual(["Track name too long"]);
    expect(issueMessages(bioCardUpdateSchema, { displayName: "x".repeat(101) })).toEqual(["Display name too long"]);
  });

  // The column always holds a text: a cleared one is the default the public card shows.
  it("takes a cleared reveal text as 'Reveal Profile'", () => {
    for (const cleared of ["", "  ", null]) {
      expect(bioCardUpdateSchema.parse({ revealScreenText: cleared })).toEqual({ revealScreenText: "Reveal Profile" });
    }
    expect(bioCardUpdateSchema.parse({ revealScreenText: " Step inside " })).toEqual({ revealScreenText: "Step inside" });
  });

  it("takes file fields as URLs, empty or null", () => {
    const files = { bioAvatar: "/uploads/a.png", bioBanner: "", backgroundImage: null, trackAudio: "/uploads/t.mp3" };
    expect(bioCardUpdateSchema.parse(files)).toEqual(files);
    expect(bioCardUpdateSchema.safeParse({ bioAvatar: "javascript:alert(1)" }).success).toBe(false);
  });

  it("takes only http(s) track links", () => {
    expect(bioCardUpdateSchema.parse({ trackUrl: "https://example.com/song.mp3" })).toEqual({
      trackUrl: "https://example.com/song.mp3",
    });
    expect(bioCardUpdateSchema.parse({ trackUrl: null })).toEqual({ trackUrl: null });
    expect(issueMessages(bioCardUpdateSchema, { trackUrl: "javascript:alert(1)" })).toEqual([
      "Track URL must be an http(s) link",
    ]);
  });

  it("strips @ from the card's handles", () => {
    expect(bioCardUpdateSchema.parse({ instagram: "@me", youtube: "@chan" })).toEqual({
      instagram: "me",
      youtube: "chan",
    });
  });

  it("takes visibleBadges as null or a list of badge types without duplicates", () => {
    expect(bioCardUpdateSchema.parse({ visibleBadges: null })).toEqual({ visibleBadges: null });
    expect(bioCardUpdateSchema.parse({ visibleBadges: [] })).toEqual({ visibleBadges: [] });
    expect(bioCardUpdateSchema.parse({ visibleBadges: ["owner", "owner", "veteran"] })).toEqual({
      visibleBadges: ["owner", "veteran"],
    });
    expect(bioCardUpdateSchema.safeParse({ visibleBadges: ["admin"] }).success).toBe(false);
  });
});

describe("userLinkCreateSchema", () => {
  it("fills in the defaults", () => {
    expect(userLinkCreateSchema.parse({ title: " Site ", url: " https://example.com " })).toEqual({
      title: "Site",
      url: "https://example.com",
      iconType: "custom",
      displayOrder: 0,
      isVisible: true,
      visibleFrom: null,
      visibleUntil: null,
    });
  });

  it("requires title and URL", () => {
    expect(issueMessages(userLinkCreateSchema, { title: " ", url: "" })).toEqual([
      "Please fill in the title and URL",
      "Please fill in the title and URL",
    ]);
    expect(userLinkCreateSchema.safeParse({ title: "x".repeat(101), url: "https://e.com" }).success).toBe(false);
  });

  it("accepts http, https and mailto links only", () => {
    for (const url of ["http://e.com", "https://e.com/x?y=1", "mailto:me@example.com"]) {
      expect(userLinkCreateSchema.safeParse({ title: "t", url }).success, url).toBe(true);
    }
    for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://e.com", "e.com"]) {
      expect(issueMessages(userLinkCreateSchema, { title: "t", url }), url).toEqual([
        "Link URL must start with http://, https:// or mailto:",
      ]);
    }
  });

  it("names a built-in icon only for built-in links", () => {
    const link = { title: "t", url: "https://e.com" };
    expect(userLinkCreateSchema.safeParse({ ...link, iconType: "built-in", iconName: "Github" }).success).toBe(true);
    expect(userLinkCreateSchema.safeParse({ ...link, iconType: "built-in", iconName: "Skull" }).success).toBe(false);
    expect(issueMessages(userLinkCreateSchema, { ...link, iconType: "custom", iconName: "Github" })).toEqual([
      "Only built-in icons have an icon name",
    ]);
  });

  it("takes an icon URL only for custom links", () => {
    const link = { title: "t", url: "https://e.com" };
    expect(userLinkCreateSchema.safeParse({ ...link, iconType: "custom", iconUrl: "/uploads/i.png" }).success).toBe(
      true,
    );
    expect(issueMessages(userLinkCreateSchema, { ...link, iconType: "built-in", iconUrl: "/uploads/i.png" })).toEqual([
      "Only custom icons have an icon URL",
    ]);
  });

  it("rejects unknown fields and bad orders", () => {
    const link = { title: "t", url: "https://e.com" };
    expect(userLinkCreateSchema.safeParse({ ...link, userId: 2 }).success).toBe(false);
    expect(userLinkCreateSchema.safeParse({ ...link, displayOrder: -1 }).success).toBe(false);
  });
});
