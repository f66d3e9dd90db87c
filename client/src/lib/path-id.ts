/** PostgreSQL's largest integer (shared/schemas/fields.ts MAX_DB_INTEGER, not imported: that module brings zod along). */
const MAX_ID = 2_147_483_647;

/** A positive integer id from a path segment, or null for anything else (which names nothing). */
export function parsePathId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ID ? id : null;
}
