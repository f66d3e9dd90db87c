import { describe, expect, it } from "vitest";
import { bioCardUpdateSchema } from "@shared/schemas/bio";
import type { BioCard } from "@shared/types";
import { resyncAfterSave, toFormValues, type BioFormValues } from "./form-values";
import { bioSavePayload } from "./save-payload";

const card: BioCard = {
  id: 1,
  userId: 7,
  viewsCount: 12,
  hidden: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  displayName: null,
  bioText: null,
  location: null,
  website: null,
  twitter: "ada",
  github: null,
  discord: null,
  telegram: null,
  instagram: null,
  linkedin: null,
  youtube: null,
  bioAvatar: null,
  bioBanner: null,
  backgroundImage: null,
  bannerBlur: 0,
  backgroundImageBlur: 0,
  primaryColor: "#ffffff",
  secondaryColor: "#a1a1aa",
  boxColor: "#000000",
  borderColor: "#404040",
  boxShadowColor: "#000000",
  themeColor: "#6366f1",
  useThemeColorForIcons: false,
  boxWidth: 500,
  boxInnerSpacing: 40,
  boxOpacity: 80,
  boxRadius: 0,
  boxBlur: 10,
  boxShadowOpacity: 30,
  borderWidth: 1,
  borderOpacity: 20,
  backgroundStyle: "gradient",
  cardStyle: "glass",
  enterAnimation: "none",
  usernameSparkles: "none",
  isPublic: true,
  showBadges: true,
  showStats: true,
  showOnlineStatus: true,
  showUid: false,
  showViews: true,
  showAvatar: true,
  visibleBadges: null,
  enableRevealScreen: false,
  revealScreenText: "Reveal Profile",
  trackCover: null,
  trackAudio: null,
  trackUrl: null,
  trackName: null,
};

const values = (changes: Partial<BioFormValues> = {}): BioFormValues => ({ ...toFormValues(card), ...changes });

describe("the save payload (docs/product.md \"Bio cards\")", () => {
  it("sends empty images as empty strings and empty track fields as null", () => {
    const payload = bioSavePayload(values(), card);
    expect(payload).toMatchObject({ bioAvatar: "", bioBanner: "", backgroundImage: "" });
    expect(payload).toMatchObject({ trackCover: null, trackAudio: null, trackName: null, trackUrl: null });
  });

  it("leaves out an empty location and sends a filled one", () => {
    expect(bioSavePayload(values({ location: "   " }), card)).not.toHaveProperty("location");
    expect(bioSavePayload(values({ location: " Lisbon " }), card)).toHaveProperty("location", "Lisbon");
    expect(bioSavePayload(values({ location: "" }), { ...card, location: "Porto" })).toHaveProperty("location", null);
  });

  it("sends the files, track and every setting as edited", () => {
    const payload = bioSavePayload(
      values({
        displayName: "Ada",
        bioAvatar: "/uploads/a.png",
        trackAudio: "/uploads/t.wav",
        trackName: "Theme",
        trackUrl: " https://example.com/t.mp3 ",
        primaryColor: "#123456",
        boxWidth: 650,
        visibleBadges: ["verified"],
        enterAnimation: "zoomIn",
      }),
      card,
    );
    expect(payload).toMatchObject({
      displayName: "Ada",
      bioAvatar: "/uploads/a.png",
      trackAudio: "/uploads/t.wav",
      trackName: "Theme",
      trackUrl: "https://example.com/t.mp3",
      primaryColor: "#123456",
      boxWidth: 650,
      visibleBadges: ["verified"],
      enterAnimation: "zoomIn",
    });
  });

  it("leaves out identity and counters, sends the card's style and switches, and passes the strict schema", () => {
    const payload = bioSavePayload(values({ cardStyle: "solid", isPublic: false, showBadges: false, showStats: false, showOnlineStatus: false }), card);
    for (const field of ["id", "userId", "username", "viewsCount", "createdAt", "updatedAt"]) {
      expect(payload).not.toHaveProperty(field);
    }
    expect(payload).toMatchObject({ twitter: "ada", cardStyle: "solid", isPublic: false, showBadges: false, showStats: false, showOnlineStatus: false });
    expect(bioCardUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it("re-syncs only the file fields and toggles from the saved card", () => {
    const edited = values({ displayName: "Typed meanwhile", bioAvatar: "/uploads/old.png", showUid: false });
    const saved = { ...card, displayName: "Saved", bioAvatar: null, showUid: true };
    expect(resyncAfterSave(edited, saved)).toMatchObject({ displayName: "Typed meanwhile", bioAvatar: "", showUid: true });
  });
});
