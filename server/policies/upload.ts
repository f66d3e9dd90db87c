/** An upload may be deleted by its owner or an administrator. */
export const canDeleteUpload = (actor: { id: number; isAdmin: boolean }, upload: { ownerId: number }) =>
  actor.isAdmin || upload.ownerId === actor.id;
