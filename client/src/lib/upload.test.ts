import { describe, expect, it } from "vitest";
import { checkUpload, describeUploadProblem, formatMegabytes, uploadAccept, uploadFilename } from "./upload";

const MB = 1024 * 1024;

describe("upload checks", () => {
  it("accepts a file of the kind's media within its size", () => {
    expect(checkUpload({ type: "image/png", size: 25 * MB }, "avatar")).toBeNull();
    expect(checkUpload({ type: "audio/mpeg", size: MB }, "trackAudio")).toBeNull();
    expect(checkUpload({ type: "video/mp4", size: MB }, "background")).toBeNull();
  });

  it("refuses another type and a file over the kind's limit", () => {
    expect(checkUpload({ type: "image/svg+xml", size: 10 }, "avatar")).toEqual({ reason: "type", kind: "avatar", type: "image/svg+xml" });
    expect(checkUpload({ type: "", size: 10 }, "avatar")).toMatchObject({ reason: "type", type: "unknown" });
    expect(checkUpload({ type: "video/mp4", size: 10 }, "banner")).toMatchObject({ reason: "type" });
    expect(checkUpload({ type: "image/png", size: 25 * MB + 1 }, "avatar")).toEqual({ reason: "size", kind: "avatar", size: 25 * MB + 1, maxMb: 25 });
    expect(checkUpload({ type: "image/png", size: 2 * MB + 1 }, "linkIcon")).toMatchObject({ reason: "size", maxMb: 2 });
  });

  it("describes a refusal with the type or size and what is allowed", () => {
    expect(describeUploadProblem({ reason: "type", kind: "trackAudio", type: "image/png" })).toEqual({
      title: "Unsupported format",
      description: "image/png files are not supported. Use mp3, wav, ogg.",
    });
    expect(describeUploadProblem({ reason: "size", kind: "banner", size: 16.4 * MB, maxMb: 15 })).toEqual({
      title: "File too large",
      description: "The file is 16 MB; the maximum is 15 MB.",
    });
    expect(formatMegabytes(2.45 * MB)).toBe("2.5 MB");
  });

  it("lists the accepted types per kind, QuickTime video included where video is taken", () => {
    expect(uploadAccept("avatar")).toContain("image/png");
    expect(uploadAccept("avatar")).not.toContain("video/");
    expect(uploadAccept("background").split(",")).toContain("video/quicktime");
    expect(checkUpload({ type: "video/quicktime", size: MB }, "background")).toBeNull();
    expect(describeUploadProblem({ reason: "type", kind: "background", type: "audio/mpeg" }).description).toBe(
      "audio/mpeg files are not supported. Use png, jpg, jpeg, gif, webp, mp4, webm, mov.",
    );
  });

  it("finds the stored name of an upload URL", () => {
    expect(uploadFilename("/uploads/ab12.png")).toBe("ab12.png");
    expect(uploadFilename("https://example.org/uploads/ab12.png")).toBeNull();
    expect(uploadFilename("/uploads/../x")).toBeNull();
  });
});
