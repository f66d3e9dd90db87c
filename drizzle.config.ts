import { defineConfig } from "drizzle-kit";

// `npm run db:generate` diffs the schema against migrations/ and needs no database.
// Migrations are applied by the server at start (and by `npm run db:migrate`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./migrations",
  strict: true,
});
