/** The password of every member `npm run seed` creates (it meets the registration rules). */
export const SEEDED_PASSWORD = "Seeded-pass1";
