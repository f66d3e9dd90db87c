// Query keys of the bio card.

/** GET /api/bio/settings: the signed-in member's card, links and identity. */
export const bioSettingsQueryKey = ["/api/bio/settings"] as const;
