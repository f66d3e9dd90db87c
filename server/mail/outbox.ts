import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { OutboxEntry } from "./mailer";

/** The newest mails /admin/mail lists. */
export const OUTBOX_LIST_LIMIT = 200;

/** An outbox mail's id: its file name without the extension (mailer.ts names them). */
const OUTBOX_ID = /^[0-9TZ-]{24}-[0-9a-f]{8}$/;

export type OutboxItem = Omit<OutboxEntry, "text"> & { id: string };

async function readEntry(dir: string, id: string): Promise<OutboxEntry | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as OutboxEntry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The written mails, newest first. */
export async function listOutbox(dir: string): Promise<OutboxItem[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith(".eml"))
    .map((name) => name.slice(0, -".eml".length))
    .filter((id) => OUTBOX_ID.test(id))
    .sort()
    .reverse()
    .slice(0, OUTBOX_LIST_LIMIT);
  const items = await Promise.all(ids.map(async (id) => ({ id, entry: await readEntry(dir, id) })));
  return items.flatMap(({ id, entry }) => (entry ? [{ id, to: entry.to, subject: entry.subject, date: entry.date }] : []));
}

/** One written mail with its text part; undefined for an id that names none. */
export async function readOutboxMail(dir: string, id: string): Promise<(OutboxEntry & { id: string }) | undefined> {
  if (!OUTBOX_ID.test(id)) return undefined;
  const entry = await readEntry(dir, id);
  return entry && { id, ...entry };
}
