import { describe, expect, it } from "vitest";
import { acceptedExtensions, acceptedMimeTypes, UPLOAD_KINDS, uploadFormatOf } from "../constants";
import { issueMessages } from "./test-utils";
import { uploadFieldsSchema } from "./uploads";

describe("uploadFieldsSchema", () => {
  it("takes a known kind or none", () => {
    expect(uploadFieldsSchema.parse({ kind: "trackAudio" })).toEqual({ kind: "trackAudio" });
    expect(uploadFieldsSchema.parse({})).toEqual({});
  });

  it("rejects unknown kinds and fields", () => {
    expect(issueMessages(uploadFieldsSchema, { kind: "script" })).toEqual(["Unknown upload kind"]);
    expect(uploadFieldsSchema.safeParse({ kind: "avatar", owner: "1" }).success).toBe(false);
  });
});

describe("acceptedMimeTypes", () => {
  it("follows the kind's media", () => {
    expect(acceptedMimeTypes("avatar")).toContain("image/webp");
    expect(acceptedMimeTypes("avatar")).not.toContain("video/mp4");
    expect(acceptedMimeTypes("background")).toContain("video/mp4");
    expect(acceptedMimeTypes("trackAudio")).toEqual(expect.arrayContaining(["audio/mpeg", "audio/ogg"]));
    expect(acceptedMimeTypes("default")).toHaveLength(15);
    expect(UPLOAD_KINDS.avatar.maxBytes).toBe(25 * 1024 * 1024);
  });
});

describe("acceptedExtensions and uploadFormatOf", () => {
  it("lists a kind's extensions from the one list of formats", () => {
    expect(acceptedExtensions("avatar")).toEqual(["png", "jpg", "jpeg", "gif", "webp"]);
    expect(acceptedExtensions("trackAudio")).toEqual(["mp3", "wav", "ogg"]);
    expect(acceptedExtensions("background")).toEqual(["png", "jpg", "jpeg", "gif", "webp", "mp4", "webm", "mov"]);
  });

  it("tells a stored file's format by its extension", () => {
    expect(uploadFormatOf("/uploads/0123.mov")).toMatchObject({ media: "video", mime: "video/quicktime" });
    expect(uploadFormatOf("https://cdn.example/clip.WEBM?x=1")).toMatchObject({ media: "video" });
    expect(uploadFormatOf("/uploads/0123.png")).toMatchObject({ media: "image" });
    expect(uploadFormatOf("/uploads/0123.svg")).toBeUndefined();
    expect(uploadFormatOf("/uploads/constructor")).toBeUndefined();
  });
});
