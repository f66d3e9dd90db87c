import { describe, expect, it } from "vitest";
import { apiErrorMessage, apiValidationIssues, FALLBACK_ERROR_MESSAGE, hasStatus } from "./api-error";

describe("apiErrorMessage", () => {
  it("reads the message of a JSON error body", () => {
    expect(apiErrorMessage(new Error('401: {"message":"Invalid username or password"}'))).toBe("Invalid username or password");
    const validation = '400: {"message":"Invalid input","errors":[{"path":"username","message":"Too short"}]}';
    expect(apiErrorMessage(new Error(validation))).toBe("Invalid input");
  });

  it("takes a plain-text body or status text as the message", () => {
    expect(apiErrorMessage(new Error("429: Too Many Requests"))).toBe("Too Many Requests");
  });

  it("falls back for markup, empty or message-less bodies, other errors and non-errors", () => {
    const fallback = "Please try again";
    expect(apiErrorMessage(new Error("502: <html><body>Bad gateway</body></html>"), fallback)).toBe(fallback);
    expect(apiErrorMessage(new Error('500: {"message":"  "}'), fallback)).toBe(fallback);
    expect(apiErrorMessage(new Error('500: {"error":"x"}'), fallback)).toBe(fallback);
    expect(apiErrorMessage(new Error('500: ["message"]'), fallback)).toBe(fallback);
    expect(apiErrorMessage(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
    expect(apiErrorMessage("boom")).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

describe("apiValidationIssues and hasStatus", () => {
  it("reads the field failures of a validation answer and nothing else", () => {
    const body = { message: "Invalid input", errors: [{ path: "website", message: "Invalid website URL" }, { path: 3 }] };
    expect(apiValidationIssues(new Error(`400: ${JSON.stringify(body)}`))).toEqual([{ path: "website", message: "Invalid website URL" }]);
    expect(apiValidationIssues(new Error('400: {"message":"Bad"}'))).toEqual([]);
    expect(apiValidationIssues(new Error("400: not json"))).toEqual([]);
    expect(apiValidationIssues("boom")).toEqual([]);
  });

  it("tells the status of an API error", () => {
    expect(hasStatus(new Error('404: {"message":"User not found"}'), 404)).toBe(true);
    expect(hasStatus(new Error("4040: x"), 404)).toBe(false);
    expect(hasStatus(new TypeError("Failed to fetch"), 404)).toBe(false);
  });
});
