/** An https URL of exactly `length` characters, for the URL length limits. */
export const urlOf = (length: number) => `https://example.com/${"a".repeat(length - "https://example.com/".length)}`;
