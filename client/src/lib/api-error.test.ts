import { describe, expect, it } from "vitest";
import { apiErrorMessage, FALLBACK_ERROR_MESSAGE } from "./api-error";

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
