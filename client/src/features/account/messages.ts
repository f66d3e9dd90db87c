// The account's toast texts: as docs/product.md "Messages" writes them.

export const UPDATE_ERROR = "Update error";
export const PASSWORD_CHANGE_ERROR = "Password change error";

export const PROFILE_SAVED = { title: "Profile updated", description: "Your contact information has been saved" } as const;
export const AVATAR_UPDATED = { title: "Avatar updated", description: "Your new avatar is shown across the site" } as const;
export const AVATAR_REMOVED = { title: "Avatar removed", description: "Your initial is shown instead" } as const;
export const PASSWORD_CHANGED = { title: "Password changed", description: "Your other devices have been signed out" } as const;

/** The avatar field's refusals (docs/product.md "Messages"). */
export const AVATAR_INVALID_FORMAT = { title: "Invalid format", description: "Please select an image" } as const;
export const AVATAR_TOO_LARGE = { title: "File too large", description: "File size should not exceed 25MB" } as const;
