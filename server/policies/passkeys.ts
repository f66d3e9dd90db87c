/**
 * A passkey confirms a sensitive change only for the member it belongs to (docs/product.md
 * "Passkeys"): a device may hold passkeys of several accounts of the site.
 */
export const canConfirmWithPasskey = (member: { id: number }, passkey: { userId: number }) => passkey.userId === member.id;
