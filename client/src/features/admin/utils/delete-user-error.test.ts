import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error";
import { deleteUserErrorDescription } from "./delete-user-error";

describe("deleteUserErrorDescription", () => {
  it("says the user may be gone already on 404", () => {
    expect(deleteUserErrorDescription(ApiError.fromText(404, '{"message":"User not found"}'))).toBe(
      "User not found - they may have already been deleted",
    );
  });

  it("reads 'HTTP {status}: {body}' for other statuses, with the server's message as the body", () => {
    expect(deleteUserErrorDescription(ApiError.fromText(403, '{"message":"Administrators cannot be deleted"}'))).toBe(
      "HTTP 403: Administrators cannot be deleted",
    );
    expect(deleteUserErrorDescription(ApiError.fromText(502, "Bad Gateway"))).toBe("HTTP 502: Bad Gateway");
  });

  it("falls back to 'Database operation failed' without a status or a readable body", () => {
    expect(deleteUserErrorDescription(new TypeError("Failed to fetch"))).toBe("Database operation failed");
    expect(deleteUserErrorDescription("nope")).toBe("Database operation failed");
    expect(deleteUserErrorDescription(ApiError.fromText(500, "<html>oops</html>"))).toBe("HTTP 500: Database operation failed");
  });
});
