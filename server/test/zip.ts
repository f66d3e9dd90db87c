import yauzl from "yauzl";

/** Every entry of a zip (an export, a backup), read back with yauzl: name → bytes. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}
