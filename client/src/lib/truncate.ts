/** The text cut to `max` characters with '...' after it when it is longer; whitespace runs count as one space. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(flat); // code points, so an emoji is never cut in half
  return characters.length > max ? `${characters.slice(0, max).join("").trimEnd()}...` : flat;
}
