import { describe, expect, it } from "vitest";
import { actionDetails, actionPhrase } from "./describe-action";

describe("admin action wording", () => {
  it("names a target only for actions on a member", () => {
    expect(actionPhrase("ban")).toEqual({ verb: "banned", target: true });
    expect(actionPhrase("purge_expired_invites")).toEqual({ verb: "purged expired invites", target: false });
  });

  it("shows badge types by their label and leaves other details as they are", () => {
    expect(actionDetails("grant_badge", "trusted_user")).toBe("Trusted User");
    expect(actionDetails("ban", "Spam")).toBe("Spam");
    expect(actionDetails("ban", "  ")).toBeNull();
    expect(actionDetails("unban", null)).toBeNull();
  });

  it("shows timestamps in the details as dates", () => {
    expect(actionDetails("ban", "Spam (until 2026-03-06T12:00:00.000Z)")).toMatch(/^Spam \(until Mar 0[67], 2026 at \d{2}:\d{2}\)$/);
    expect(actionDetails("ban", "Spam (permanently)")).toBe("Spam (permanently)");
  });
});
