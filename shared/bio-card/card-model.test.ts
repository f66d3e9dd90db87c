import { describe, expect, it } from "vitest";
import { BIO_CARD_DEFAULTS } from "@shared/constants";
import { backgroundFill, cardBackground, cardBoxStyle, cardContent, cardLook } from "./card-model";

describe("card look", () => {
  it("applies opacities as alpha hex on validated colours", () => {
    const look = cardLook({ ...BIO_CARD_DEFAULTS, boxColor: "#112233", boxOpacity: 80, borderColor: "#445566", borderOpacity: 20, borderWidth: 2 });
    const style = cardBoxStyle(look);
    expect(style.backgroundColor).toBe("#112233cc");
    expect(style.border).toBe("2px solid #44556633");
    expect(style.boxShadow).toContain("#0000004d");
    expect(style.padding).toBe("40px");
    expect(style.maxWidth).toBe("500px");
    expect(style.backdropFilter).toBe("blur(10px)");
  });

  it("falls back for invalid colours and keeps numbers in their slider ranges", () => {
    const look = cardLook({ primaryColor: "url(javascript:x)", boxWidth: 5000, boxOpacity: -5, boxBlur: Number.NaN });
    expect(look.primaryColor).toBe("#ffffff");
    expect(look.boxWidth).toBe(1500);
    expect(look.boxOpacity).toBe(0);
    expect(look.boxBlur).toBe(BIO_CARD_DEFAULTS.boxBlur);
  });

  it("uses the public fallbacks for an empty width and spacing on the public page", () => {
    expect(cardLook({}, "public")).toMatchObject({ boxWidth: 400, boxInnerSpacing: 32 });
    expect(cardLook({})).toMatchObject({ boxWidth: 500, boxInnerSpacing: 40 });
  });

  it("colours icons with the theme only when asked", () => {
    expect(cardLook({ themeColor: "#ff0000", useThemeColorForIcons: true }).iconColor).toBe("#ff0000");
    expect(cardLook({ themeColor: "#ff0000", useThemeColorForIcons: false }).iconColor).toBe("#ffffff");
  });

  it("caps the width (the preview's 400 px) and draws no border at width 0", () => {
    const look = cardLook({ ...BIO_CARD_DEFAULTS, boxWidth: 900, borderWidth: 0 });
    expect(cardBoxStyle(look, 400).maxWidth).toBe("400px");
    expect(cardBoxStyle(look).border).toBe("none");
  });

  it("fills the background from the theme colour only", () => {
    expect(backgroundFill("solid", "#6366f1").backgroundImage).toContain("#6366f11f");
    expect(String(backgroundFill("gradient", "bad;color:red").backgroundImage)).toContain("#6366f1");
  });
});

const identity = { username: "ada", uid: 7, viewsCount: 3, profileAvatar: "/uploads/profile.png", profileBio: "Profile bio", badges: [], links: [] };

describe("card content", () => {
  it("prefers the card's own avatar and bio, else the profile's", () => {
    expect(cardContent({}, identity)).toMatchObject({ avatarUrl: "/uploads/profile.png", bioText: "Profile bio", displayName: null });
    expect(cardContent({ bioAvatar: "/uploads/card.png", bioText: "Card bio" }, identity)).toMatchObject({
      avatarUrl: "/uploads/card.png",
      bioText: "Card bio",
    });
  });

  it("has a track only with audio, from the upload first, else the direct form of the track URL", () => {
    expect(cardContent({ trackName: "Song", trackCover: "/uploads/c.png" }, identity).track).toBeNull();
    expect(cardContent({ trackUrl: "https://www.dropbox.com/s/a/b.mp3?dl=0" }, identity).track).toEqual({
      audioUrl: "https://www.dropbox.com/s/a/b.mp3?dl=1",
      coverUrl: null,
      name: null,
    });
    expect(cardContent({ trackAudio: "/uploads/a.wav", trackUrl: "https://example.com/b.mp3", trackName: " Song " }, identity).track).toMatchObject({
      audioUrl: "/uploads/a.wav",
      name: "Song",
    });
    expect(cardContent({ trackUrl: "javascript:alert(1)" }, identity).track).toBeNull();
  });

  it("reads absent flags as the defaults and drops unsafe image URLs", () => {
    expect(cardContent({ bioBanner: "javascript:x" }, identity)).toMatchObject({ showAvatar: true, showViews: true, showUid: false, bannerUrl: null });
    expect(cardBackground({ backgroundImage: "/uploads/bg.jpg", backgroundImageBlur: 99 })).toEqual({
      style: "gradient",
      imageUrl: "/uploads/bg.jpg",
      blur: 20,
      themeColor: "#6366f1",
    });
  });
});
