/**
 * Staff moderate the forum: pin, lock and edit any topic. Today that is the administrators; W3-5's
 * moderators are added here, and every staff decision follows.
 */
export const isStaff = (actor: { isAdmin: boolean }) => actor.isAdmin;
