/** An error whose message is meant for the client, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = "Not authenticated") => new HttpError(401, message);
export const forbidden = (message = "Forbidden", extra?: Record<string, unknown>) => new HttpError(403, message, extra);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A path that exists, called with a method it does not take: `allowed` are those it takes. */
export const methodNotAllowed = (allowed: readonly string[]) => new HttpError(405, "Method not allowed", {}, { Allow: allowed.join(", ") });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
