/** Administrators: only they may moderate (guards' `admin`), and they can be neither banned nor deleted (docs/product.md "Admin"). */
export const isAdministrator = (actor: { isAdmin: boolean }) => actor.isAdmin;
export const canBan = (target: { isAdmin: boolean }) => !target.isAdmin;
export const canDeleteAccount = (target: { isAdmin: boolean }) => !target.isAdmin;
/** Only administrators see why a member is banned on their profile; others see only that they are. */
export const canSeeBanReason = (viewer: { isAdmin: boolean }) => viewer.isAdmin;
