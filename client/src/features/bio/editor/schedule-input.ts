const twoDigits = (value: number) => String(value).padStart(2, "0");

/** An instant as a `datetime-local` input shows it: the member's own time zone, to the minute; "" for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** A `datetime-local` value (the member's time zone) as the API takes it: an ISO instant, or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
