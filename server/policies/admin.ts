/** Administrators: only they may moderate (guards' `admin`), and they can be neither banned nor deleted (docs/product.md "Admin"). */
export const isAdministrator = (actor: { isAdmin: boolean }) => actor.isAdmin;
export const canBan = (target: { isAdmin: boolean }) => !target.isAdmin;
export const canDeleteAccount = (target: { isAdmin: boolean }) => !target.isAdmin;
/** Only administrators see why a member is banned on their profile; others see only that they are. */
export const canSeeBanReason = (viewer: { isAdmin: boolean }) => viewer.isAdmin;
/** A member may delete their own account, except the last administrator, who would leave the site with none. */
export const canDeleteOwnAccount = (member: { isAdmin: boolean }, otherAdministrators: number) => !member.isAdmin || otherAdministrators > 0;
/** REQUIRE_ADMIN_2FA: an administrator uses the admin routes only once their two-factor sign-in is on. */
export const canUseAdminRoutes = (admin: { twoFactorEnabled: boolean }, { requireTwoFactor }: { requireTwoFactor: boolean }) =>
  !requireTwoFactor || admin.twoFactorEnabled;
