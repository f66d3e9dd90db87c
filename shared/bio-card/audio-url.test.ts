import { describe, expect, it } from "vitest";
import { directAudioUrl, safeLinkUrl, safeMediaUrl } from "./audio-url";

describe("directAudioUrl", () => {
  it("rewrites a Google Drive share link to its direct download", () => {
    expect(directAudioUrl("https://drive.google.com/file/d/1AbC_d-9/view?usp=sharing")).toBe(
      "https://drive.google.com/uc?export=download&id=1AbC_d-9",
    );
    expect(directAudioUrl("https://drive.google.com/file/d/XYZ/view")).toBe("https://drive.google.com/uc?export=download&id=XYZ");
    expect(directAudioUrl("https://drive.google.com/file/d/XYZ")).toBe("https://drive.google.com/uc?export=download&id=XYZ");
    expect(directAudioUrl("https://drive.google.com/open?id=XYZ")).toBe("https://drive.google.com/uc?export=download&id=XYZ");
  });

  it("asks Dropbox for the file itself", () => {
    expect(directAudioUrl("https://www.dropbox.com/s/abc123/song.mp3?dl=0")).toBe("https://www.dropbox.com/s/abc123/song.mp3?dl=1");
    expect(directAudioUrl("https://www.dropbox.com/scl/fi/abc/song.mp3?rlkey=k1&dl=0")).toBe(
      "https://www.dropbox.com/scl/fi/abc/song.mp3?rlkey=k1&dl=1",
    );
    expect(directAudioUrl("https://dropbox.com/s/abc/song.mp3")).toBe("https://dropbox.com/s/abc/song.mp3?dl=1");
    expect(directAudioUrl("https://www.dropbox.com/s/abc/song.mp3?raw=1")).toBe("https://www.dropbox.com/s/abc/song.mp3?raw=1");
  });

  it("keeps other http(s) links and the site's own files", () => {
    expect(directAudioUrl("https://cdn.example.com/a.mp3")).toBe("https://cdn.example.com/a.mp3");
    expect(directAudioUrl("/uploads/0123abcd.wav")).toBe("/uploads/0123abcd.wav");
    expect(directAudioUrl("  https://example.com/x.ogg ")).toBe("https://example.com/x.ogg");
  });

  it("refuses blanks and other schemes", () => {
    expect(directAudioUrl("")).toBeNull();
    expect(directAudioUrl(null)).toBeNull();
    expect(directAudioUrl("javascript:alert(1)")).toBeNull();
    expect(directAudioUrl("data:audio/wav;base64,AAAA")).toBeNull();
    expect(directAudioUrl("//evil.example/a.mp3")).toBeNull();
    expect(directAudioUrl("not a url")).toBeNull();
  });
});

describe("safe URLs", () => {
  it("allows images from the site or http(s) only", () => {
    expect(safeMediaUrl("/uploads/a.png")).toBe("/uploads/a.png");
    expect(safeMediaUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(safeMediaUrl("javascript:alert(1)")).toBeNull();
    expect(safeMediaUrl("")).toBeNull();
  });

  it("allows links to http(s) and mailto only", () => {
    expect(safeLinkUrl("mailto:me@example.com")).toBe("mailto:me@example.com");
    expect(safeLinkUrl("https://example.com")).toBe("https://example.com/");
    expect(safeLinkUrl("javascript:alert(1)")).toBeNull();
    expect(safeLinkUrl("example.com")).toBeNull();
  });
});
