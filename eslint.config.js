// ESLint (flat config): typescript-eslint's recommended rules, React's hook rules for the client,
// the import boundaries of the code's layout and the server's layers (ARCHITECTURE.md, "The layers";
// docs/decisions/023-layers-in-the-linter.md).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layers from "./server/lint/layers.js";

const FEATURES = readdirSync(new URL("./client/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Imports of the client from anywhere else, by alias or by relative path. */
const CLIENT_IMPORTS = { group: ["@/*", "**/client/**"], message: "Only the client imports client code." };
/** Imports of the server, by relative path (it has no alias). */
const SERVER_IMPORTS = { group: ["**/server/**", "../server", "../../server"], message: "Only the server imports server code." };
/**
 * The database from a route. `import type` stays allowed: a router is handed the `Db` (or the pool)
 * to pass on to its queries and commands, and a type carries no SQL.
 */
const DATABASE_IMPORTS = {
  group: ["drizzle-orm", "drizzle-orm/*", "pg", "**/db/*", "**/db/**"],
  allowTypeImports: true,
  message: "SQL belongs in server/queries (reads) or server/commands (writes, transactions).",
};

/** The server's layers, each a rule that a legacy file can be excused from on its own. */
const LAYERS = {
  database: "no-restricted-imports",
  transactions: "layers/transactions-in-commands",
  authorization: "layers/authorization-in-policies",
  rows: "layers/rows-through-presenters",
};
/**
 * Files that break a layer today, and which ones (ARCHITECTURE.md, "not yet"): to move into
 * queries/commands (and the decisions into policies, the JSON into presenters); remove a file from
 * this list once it is clean. Any new file, or a new kind of break in a listed file, fails the lint.
 */
export const LAYERING_NOT_YET = [
  { file: "server/uploads/sweep.ts", breaks: ["transactions"] },
  // A read in a transaction of its own, for SET LOCAL enable_seqscan.
  { file: "server/queries/search.ts", breaks: ["transactions"] },
];

export default tseslint.config(
  { ignores: ["dist/**", "migrations/**", "uploads/**", "playwright-report/**", "test-results/**", ".data/**", "eslint-fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Unused code is already a type error (noUnusedLocals, noUnusedParameters); `_name` marks an intended gap.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  { files: ["server/**", "e2e/**", "*.ts", "*.js"], languageOptions: { globals: globals.node } },
  // Playwright hooks take their fixtures destructured, `({}, testInfo)` when they need none.
  { files: ["e2e/**"], rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] } },
  {
    files: ["client/src/**"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    // The rules of hooks. The React Compiler's checks (purity, refs, set-state-in-effect, …) of the
    // plugin's recommended set are not on yet: the code has findings to fix first.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  // shared/ is used by both sides, so it imports neither.
  { files: ["shared/**"], rules: { "no-restricted-imports": ["error", { patterns: [CLIENT_IMPORTS, SERVER_IMPORTS] }] } },
  { files: ["server/**"], rules: { "no-restricted-imports": ["error", { patterns: [CLIENT_IMPORTS] }] } },
  // The server's layers: routes parse, ask a policy, call a query or a command, and present.
  { files: ["server/**"], plugins: { layers } },
  // The request is typed by its guard and schema (memberHandler, bodyHandler): a cast hides a missing one.
  {
    files: ["server/**"],
    ignores: ["server/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSNonNullExpression > MemberExpression.expression[object.name='req'][property.name='user']",
          message: "Use memberHandler (server/middlewares/guards.ts): its req.user is the signed-in member.",
        },
        {
          selector: "TSAsExpression > MemberExpression.expression[object.name='req'][property.name=/^(body|query|params)$/]",
          message: "Parse with the zod schema (memberHandler(schema, …), bodyHandler, schema.parse): its type follows.",
        },
      ],
    },
  },
  { files: ["server/routes/**"], ignores: ["**/*.test.ts"], rules: { [LAYERS.database]: ["error", { patterns: [CLIENT_IMPORTS, DATABASE_IMPORTS] }] } },
  // Commands sit under the services that run them (mail, push, visitors, /ws): a command takes what it needs as a parameter or a type of its own.
  {
    files: ["server/commands/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [CLIENT_IMPORTS, { group: ["**/mail/*", "**/push/*", "**/visitors/*", "**/ws/*"], message: "Commands do not import the services that call them." }] },
      ],
    },
  },
  // The /ws relays hear commands' changes through the channel registry (server/events/channels.ts), never from the commands themselves.
  {
    files: ["server/ws/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [CLIENT_IMPORTS, { group: ["**/commands/*"], message: "Subscribe to the channel in server/events/channels.ts instead." }] },
      ],
    },
  },
  {
    files: ["server/**"],
    // The database's own infrastructure, and code that is not the app: tests, fixtures, scripts.
    ignores: ["server/commands/**", "server/db/**", "server/test/**", "server/fuzz/**", "server/faults/**", "server/scripts/**", "**/*.test.ts"],
    rules: { [LAYERS.transactions]: "error" },
  },
  { files: ["server/routes/**", "server/presenters/**"], ignores: ["**/*.test.ts"], rules: { [LAYERS.authorization]: "error" } },
  { files: ["server/routes/**"], ignores: ["**/*.test.ts"], rules: { [LAYERS.rows]: "error" } },
  ...LAYERING_NOT_YET.map(({ file, breaks }) => ({
    name: `layers/not-yet:${file}`,
    files: [file],
    rules: Object.fromEntries(
      breaks.map((layer) => (layer === "database" ? [LAYERS.database, ["error", { patterns: [CLIENT_IMPORTS] }]] : [LAYERS[layer], "off"])),
    ),
  })),
  // components/, hooks/ and lib/ sit below the features: any feature may use them, they use none.
  {
    files: ["client/src/components/**", "client/src/hooks/**", "client/src/lib/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/features/*", "@/app/*", "**/features/**", "**/app/**"], message: "Shared client code does not import features or the app." }, SERVER_IMPORTS] }],
    },
  },
  // A feature does not import another one; the app's routes compose them.
  ...FEATURES.map((feature) => ({
    files: [`client/src/features/${feature}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(@/features/(?!${feature}/)|(\\.\\./){2,}(?!${feature}/)[a-z-]+/|@/app/)`,
              message: "A feature imports only itself, components/, hooks/, lib/ and shared/; the app's routes compose features.",
            },
            SERVER_IMPORTS,
          ],
        },
      ],
    },
  })),
);
