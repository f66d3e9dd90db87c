// What a member's deletion does with what they wrote in shared places (docs/product.md "Content
// outlives its author", docs/decisions/058-content-outlives-its-author.md): read by the request
// schemas, the server's deletion job and the two deletion dialogs.

/** anonymize: it stays, credited to "Deleted member"; erase: their posts, comments and messages go; purge (admins only, for spam): and their topics with every reply. */
export const DELETION_CONTENT_MODES = ["anonymize", "erase", "purge"] as const;
export type DeletionContent = (typeof DELETION_CONTENT_MODES)[number];
/** What a member may choose for their own account (purge is for spam: an administrator's call). */
export const SELF_DELETION_CONTENT_MODES = ["anonymize", "erase"] as const satisfies readonly DeletionContent[];
export type SelfDeletionContent = (typeof SELF_DELETION_CONTENT_MODES)[number];

/** The defaults: a member leaving keeps their words in place; an administrator's deletion erases (the behaviour before modes). */
export const DEFAULT_SELF_DELETION_CONTENT: SelfDeletionContent = "anonymize";
export const DEFAULT_ADMIN_DELETION_CONTENT: DeletionContent = "erase";

/** How content whose author is gone is credited: no link, no avatar. */
export const DELETED_MEMBER_NAME = "Deleted member";
/** A kept topic's opener once its author's words are erased. */
export const ERASED_OPENER = "[deleted]";

/** Each mode's name and what it does, for the member deleting their own account ("your") and for an administrator ("their"). */
export const DELETION_CONTENT_TEXT: Record<DeletionContent, { label: string; self: string; admin: string }> = {
  anonymize: {
    label: "Keep, credited to Deleted member",
    self: "Your topics, posts, comments and messages stay, credited to Deleted member.",
    admin: "Their topics, posts, comments and messages stay, credited to Deleted member.",
  },
  erase: {
    label: "Erase",
    self: "Your posts, comments and messages are removed. A topic of yours that others replied to stays with its title, its opening text replaced by [deleted], and every reply kept; your other topics go.",
    admin: "Their posts, comments and messages are removed. A topic of theirs that others replied to stays with its title, its opening text replaced by [deleted], and every reply kept; their other topics go.",
  },
  purge: {
    label: "Purge (spam)",
    self: "",
    admin: "As Erase, and their topics go with every reply in them, other members' replies included. For spam.",
  },
};

/** What goes in every mode, and what never does. */
export const DELETION_ALWAYS_GOES = {
  self: "Your account, profile (with the comments on it), card, links, uploads, sessions, tokens, drafts, reactions, flags and blocks go in any case.",
  admin: "Their account, profile (with the comments on it), card, links, uploads, sessions, tokens, drafts, reactions, flags and blocks go in any case.",
};
export const DELETION_KEEPS_OTHERS = "What other members wrote stays: their replies, comments and messages, and their post counts.";

/** Whether a text's author (`authorId`, `createdBy`) is gone: it outlived them, credited to "Deleted member". */
export const authorGone = (authorId: number | null): authorId is null => authorId === null;
