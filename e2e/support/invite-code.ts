import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, "../../dist/server/cli.js");

/** Runs the operator CLI against the test server's DATA_DIR (it attaches to its database); returns what it printed. */
async function runCli(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (the worker's server fixture sets it: import test from ./support/test)");
  const { stdout } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir } });
  return stdout;
}

/** Gives a member administrator rights through the operator CLI. */
export async function makeAdmin(username: string): Promise<void> {
  await runCli("make-admin", username);
}

/** How many codes one CLI run makes: a run costs about a second of the 2-core machine, a code nothing. */
const CODES_PER_RUN = 25;
/** This worker's unused codes, minted on its own server; a batch in the making is awaited, not repeated. */
let unused: Promise<string[]> = Promise.resolve([]);

/** A fresh invite code from the operator CLI (`invite --count`), one batch for many registrations. */
export async function createInviteCode(): Promise<string> {
  unused = unused.then(async (codes) => (codes.length > 0 ? codes : mintCodes()));
  const codes = await unused;
  return codes.shift()!;
}

/** Drops this worker's unused codes: a test that purged the active invites made them worthless. */
export function forgetInviteCodes(): void {
  unused = Promise.resolve([]);
}

async function mintCodes(): Promise<string[]> {
  const stdout = await runCli("invite", "--count", String(CODES_PER_RUN));
  const codes = stdout.trim().split("\n").slice(-CODES_PER_RUN).map((line) => line.trim());
  if (codes.length !== CODES_PER_RUN || codes.some((code) => !/^[A-Z0-9]{8,}$/.test(code))) throw new Error(`The CLI printed no invite codes:\n${stdout}`);
  return codes;
}
