import { describe, expect, it } from "vitest";
import { ApiError, apiErrorMessage, apiValidationIssues, FALLBACK_ERROR_MESSAGE, hasStatus } from "./api-error";

describe("apiErrorMessage", () => {
  it("reads the message of a JSON error body", () => {
    expect(apiErrorMessage(ApiError.fromText(401, '{"message":"Invalid username or password"}'))).toBe("Invalid username or password");
    const validation = '{"message":"Invalid input","errors":[{"path":"username","message":"Too short"}]}';
    expect(apiErrorMessage(ApiError.fromText(400, validation))).toBe("Invalid input");
  });

  it("takes a plain-text body or status text as the message", () => {
    expect(apiErrorMessage(ApiError.fromText(429, "Too Many Requests"))).toBe("Too Many Requests");
  });

  it("falls back for markup, empty or message-less bodies, other errors and non-errors", () => {
    const fallback = "Please try again";
    expect(apiErrorMessage(ApiError.fromText(502, "<html><body>Bad gateway</body></html>"), fallback)).toBe(fallback);
    expect(apiErrorMessage(ApiError.fromText(500, '{"message":"  "}'), fallback)).toBe(fallback);
    expect(apiErrorMessage(ApiError.fromText(500, '{"error":"x"}'), fallback)).toBe(fallback);
    expect(apiErrorMessage(ApiError.fromText(500, '["message"]'), fallback)).toBe(fallback);
    expect(apiErrorMessage(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
    expect(apiErrorMessage("boom")).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

describe("apiValidationIssues and hasStatus", () => {
  it("reads the field failures of a validation answer and nothing else", () => {
    const body = { message: "Invalid input", errors: [{ path: "website", message: "Invalid website URL" }, { path: 3 }] };
    expect(apiValidationIssues(ApiError.fromText(400, JSON.stringify(body)))).toEqual([{ path: "website", message: "Invalid website URL" }]);
    expect(apiValidationIssues(ApiError.fromText(400, '{"message":"Bad"}'))).toEqual([]);
    expect(apiValidationIssues(ApiError.fromText(400, "not json"))).toEqual([]);
    expect(apiValidationIssues("boom")).toEqual([]);
  });

  it("tells the status of an API error", () => {
    expect(hasStatus(ApiError.fromText(404, '{"message":"User not found"}'), 404)).toBe(true);
    expect(hasStatus(ApiError.fromText(403, "x"), 404)).toBe(false);
    expect(hasStatus(new Error("404: x"), 404)).toBe(false);
    expect(hasStatus(new TypeError("Failed to fetch"), 404)).toBe(false);
  });
});
