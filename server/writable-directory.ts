import fs from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "./config";

/** Creates `dir` when missing and proves it can be written, or fails with one clear line naming the setting. */
export async function ensureWritableDirectory(setting: string, dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    await fs.writeFile(probe, "");
    await fs.rm(probe);
  } catch (error) {
    throw new ConfigError(`${setting} ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
}
