/** What a failure toast says when the server gave no message of its own. */
export const FALLBACK_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** The message of an error thrown by the API client: `<status>: <body text or status text>`. */
const API_ERROR_MESSAGE = /^\d{3}: (?<body>[\s\S]*)$/;

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
