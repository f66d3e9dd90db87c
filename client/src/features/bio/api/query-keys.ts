// Query keys of the bio card: the editor refreshes the public card after a save.

/** GET /api/bio/settings: the signed-in member's card, links and identity. */
export const bioSettingsQueryKey = ["/api/bio/settings"] as const;

/** GET /api/bio/{username}: a public card (usernames are case-insensitive, so the key is lower-cased). */
export const publicBioCardQueryKey = (username: string) => ["/api/bio", "public", username.toLowerCase()] as const;
