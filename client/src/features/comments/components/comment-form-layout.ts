// What the comment form and its stand-in while its code loads (profile-comments.tsx) both show.

/** The composer's height in lines. */
export const COMMENT_ROWS = 3;

export const commentPlaceholder = (profileUsername: string) => `Leave a comment for ${profileUsername}...`;
