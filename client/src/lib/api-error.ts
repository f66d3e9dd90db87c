import type { ValidationIssue } from "@shared/types";

/** What a failure toast says when the server gave no message of its own. */
export const FALLBACK_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** The message of an error thrown by the API client: `<status>: <body text or status text>`. */
const API_ERROR_MESSAGE = /^\d{3}: (?<body>[\s\S]*)$/;

function parseBody(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  const body = API_ERROR_MESSAGE.exec(error.message)?.groups?.body;
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function messageFromBody(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message.trim() || undefined;
    }
    return undefined;
  } catch {
    // Not JSON: plain text is the message; markup (a proxy's error page) is not.
    const text = body.trim();
    return text && !text.includes("<") ? text : undefined;
  }
}

/** The server's message for an API error (its JSON `message`), else the fallback. */
export function apiErrorMessage(error: unknown, fallback = FALLBACK_ERROR_MESSAGE): string {
  if (!(error instanceof Error)) return fallback;
  const body = API_ERROR_MESSAGE.exec(error.message)?.groups?.body;
  return (body !== undefined && messageFromBody(body)) || fallback;
}

/** Whether an API error (`<status>: <body>`) has this HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof Error && error.message.startsWith(`${status}: `);
}

/** The per-field failures of a 400 validation answer (`errors: [{ path, message }]`); empty for anything else. */
export function apiValidationIssues(error: unknown): ValidationIssue[] {
  const body = parseBody(error);
  if (typeof body !== "object" || body === null || !("errors" in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (issue): issue is ValidationIssue =>
      typeof issue === "object" && issue !== null && typeof issue.path === "string" && typeof issue.message === "string",
  );
}
