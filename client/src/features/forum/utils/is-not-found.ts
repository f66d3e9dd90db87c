/** Whether an API error (`<status>: <body>`) is a 404. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("404:");
}
