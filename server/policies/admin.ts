/** Administrators cannot be banned or deleted, by anyone (decisions.md "Accounts"). */
export const canBan = (target: { isAdmin: boolean }) => !target.isAdmin;
export const canDeleteAccount = (target: { isAdmin: boolean }) => !target.isAdmin;
