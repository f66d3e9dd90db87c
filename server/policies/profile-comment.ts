/** A profile comment may be removed by its author, the owner of the profile, or an administrator. */
export const canDeleteProfileComment = (
  actor: { id: number; isAdmin: boolean },
  comment: { authorId: number; profileUserId: number },
) => actor.isAdmin || comment.authorId === actor.id || comment.profileUserId === actor.id;
