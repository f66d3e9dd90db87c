const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number) => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);

/**
 * A date as JSON sends it, exactly what `toISOString` gives, built from its parts: three to four times
 * faster here, and a topic list or a topic page formats 100–150 dates per answer
 * (docs/performance.md). Years outside 1000–9999 (never stored here) go through `toISOString`.
 */
export function isoTime(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return `${year}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}T${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}.${threeDigits(date.getUTCMilliseconds())}Z`;
}

export function isoTimeOrNull(date: Date | null): string | null {
  return date ? isoTime(date) : null;
}
