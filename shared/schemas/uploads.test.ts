import { describe, expect, it } from "vitest";
import { acceptedMimeTypes, UPLOAD_KINDS } from "../constants";
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
