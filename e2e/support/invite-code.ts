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

/** A fresh invite code from the operator CLI. */
export async function createInviteCode(): Promise<string> {
  const stdout = await runCli("invite");
  const code = stdout.trim().split("\n").at(-1)?.trim();
  if (!code) throw new Error(`The CLI printed no invite code:\n${stdout}`);
  return code;
}
