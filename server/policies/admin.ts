/** Administrators cannot be banned or deleted, by anyone (docs/product.md "Admin"). */
export const canBan = (target: { isAdmin: boolean }) => !target.isAdmin;
export const canDeleteAccount = (target: { isAdmin: boolean }) => !target.isAdmin;
