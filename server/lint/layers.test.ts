import { readFileSync } from "node:fs";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const configFile = new URL("eslint.config.js", root);
// Imported by URL: the config is plain JavaScript, outside what tsc checks.
const { default: config, LAYERING_NOT_YET } = (await import(configFile.href)) as {
  default: Linter.Config[];
  LAYERING_NOT_YET: { file: string; breaks: (keyof typeof RULE_OF)[] }[];
};
const fixture = (name: string) => readFileSync(new URL(`eslint-fixtures/layers/${name}.ts`, root), "utf8");

const DATABASE = { ruleId: "no-restricted-imports", message: "SQL belongs in server/queries (reads) or server/commands (writes, transactions)" };
const TRANSACTIONS = { ruleId: "layers/transactions-in-commands", message: "Transactions belong in server/commands/" };
const AUTHORIZATION = { ruleId: "layers/authorization-in-policies", message: "Who may do what is decided in server/policies/" };
const ROWS = { ruleId: "layers/rows-through-presenters", message: "Rows become JSON in server/presenters/" };
const RULE_OF = { database: DATABASE.ruleId, transactions: TRANSACTIONS.ruleId, authorization: AUTHORIZATION.ruleId, rows: ROWS.ruleId };

const cwd = new URL(".", root).pathname;
const eslint = new ESLint({ cwd, overrideConfigFile: configFile.pathname });

/** The problems ESLint finds in a fixture, as if it were the file at `filePath`. */
async function lint(name: string, filePath = "server/routes/example/example.ts") {
  const [result] = await eslint.lintText(fixture(name), { filePath });
  return result!.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line }));
}

const problem = ({ ruleId, message }: { ruleId: string; message: string }) => ({ ruleId, message: expect.stringContaining(message) });

describe("the server's layers in the linter (docs/decisions/023-layers-in-the-linter.md)", () => {
  it("refuses req.user! and req.body as: the guard and the schema type the request", async () => {
    const problems = await lint("route-casts-request");
    expect(problems).toEqual([
      { ruleId: "no-restricted-syntax", message: expect.stringContaining("Use memberHandler"), line: 5 },
      { ruleId: "no-restricted-syntax", message: expect.stringContaining("Parse with the zod schema"), line: 6 },
    ]);
  });

  it("refuses a route that imports the database, but not the type of the handle it passes on", async () => {
    const problems = await lint("route-imports-database");
    expect(problems).toEqual([
      { ...problem(DATABASE), line: 3 },
      { ...problem(DATABASE), line: 5 },
    ]);
  });

  it("refuses a transaction outside a command, and accepts it in one", async () => {
    expect(await lint("route-opens-transaction")).toEqual([{ ...problem(TRANSACTIONS), line: 9 }]);
    expect(await lint("route-opens-transaction", "server/queries/example.ts")).toEqual([{ ...problem(TRANSACTIONS), line: 9 }]);
    expect(await lint("route-opens-transaction", "server/commands/example.ts")).toEqual([]);
  });

  it("refuses a role or ownership decision in a route or a presenter", async () => {
    const inRoute = await lint("route-decides-authorization");
    expect(inRoute).toEqual([
      { ...problem(AUTHORIZATION), line: 11 },
      { ...problem(AUTHORIZATION), line: 11 },
    ]);
    expect(await lint("route-decides-authorization", "server/presenters/example.ts")).toEqual(inRoute);
    expect(await lint("route-decides-authorization", "server/policies/example.ts")).toEqual([]);
  });

  it("refuses rows sent as JSON without a presenter: spread into the body, or as the query returned them", async () => {
    expect(await lint("route-sends-rows")).toEqual([
      { ...problem(ROWS), line: 10 },
      { ...problem(ROWS), line: 14 },
    ]);
  });

  it("accepts a route that parses, asks a policy, calls a query or a command, and presents", async () => {
    expect(await lint("route-well-formed")).toEqual([]);
  });

  // The list only shrinks: a file that no longer breaks a layer it is excused from must leave the list.
  it("excuses each legacy file only from the layers it still breaks", async () => {
    const strict = new ESLint({
      cwd,
      overrideConfigFile: true,
      overrideConfig: config.filter((block) => !block.name?.startsWith("layers/not-yet:")),
    });
    for (const { file, breaks } of LAYERING_NOT_YET) {
      const [result] = await strict.lintFiles([file]);
      const broken = new Set(result!.messages.map((message) => message.ruleId));
      for (const layer of breaks) expect(broken.has(RULE_OF[layer]), `${file} no longer breaks "${layer}"`).toBe(true);
    }
  });
});
