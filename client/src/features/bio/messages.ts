// The bio card's toast texts (docs/product.md, "Messages").

export const BIO_CARD_UPDATED = { title: "Bio card updated", description: "Your changes have been saved" } as const;
export const UPDATE_ERROR = "Update error";

export const BIO_CARD_CREATED = { title: "Bio card created", description: "Your public card is ready for customization" } as const;
/** The two places that create a card word their failure differently. */
export const EDITOR_CREATION_ERROR = "Creation Error";
export const DASHBOARD_CREATION_ERROR = "Creation error";

export const LINK_ADDED = { title: "Link added successfully" } as const;
export const LINK_DELETED = { title: "Link deleted" } as const;
export const LINK_ERROR = "Error";
export const FAILED_TO_ADD_LINK = "Failed to add link";
export const FAILED_TO_DELETE_LINK = "Failed to delete link";
export const LINK_UPDATED = { title: "Link updated" } as const;
export const FAILED_TO_UPDATE_LINK = "Failed to update link";
export const FAILED_TO_REORDER_LINKS = "Failed to reorder links";
export const LINK_COPIED = { title: "Link copied", description: "Your card's link is on the clipboard" } as const;
export const COPY_FAILED = { title: "Could not copy", description: "Select the link and copy it by hand" } as const;
export const SHARE_FAILED = { title: "Could not share", description: "Copy the link instead" } as const;
