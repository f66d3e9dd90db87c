/** What a cache entry holds, and the changes that clear it (`t<topic id>`, `m<member id>`, `l`: see forum-changes.ts). */
export interface Cached<V> {
  value: V;
  tags: readonly string[];
  /** When the value goes stale by itself (a scheduled change no announcement names); at or before now, it is not kept. */
  expiresAt?: number;
}

/** Clears every entry: a change whose reach is not worth working out (a member deleted, a topic gone). */
export const EVERYTHING = "*";

interface Entry<V> extends Cached<V> {
  cachedAt: number;
}

export interface SharedCacheOptions {
  /** Past this many entries the least recently used goes first. */
  maxEntries: number;
  /**
   * A safety net for writes nobody announced (psql): an entry is read again after this long, even
   * when no change cleared it.
   */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * Shared data (the same for every member who reads it) kept in this process between the changes
 * that touch it (docs/decisions/037). Each entry carries tags naming what it shows; an announced
 * change names tags, and every entry carrying one goes. While changes cannot be heard (no LISTEN
 * connection yet, or it dropped) nothing is cached: `read` loads every time.
 *
 * A load that began before a change must not store its older rows afterwards: every change moves
 * `generation`, and a load stores its value only if the generation is still the one it began with.
 * That covers this process's loads; loads read the primary (never a replica, which may not have the
 * change yet when its announcement arrives), so a load that begins after an announcement sees it.
 */
export class SharedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysOfTag = new Map<string, Set<string>>();
  /** The load under way for a key, with the generation it began in. */
  private readonly loading = new Map<string, { ticket: number; loaded: Promise<Cached<V>> }>();
  private generation = 0;
  private listening = false;
  private readonly now: () => number;

  constructor(private readonly options: SharedCacheOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  /** Whether entries are kept now (changes are heard). */
  get isListening(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * `key`'s value: the cached one, else `load(true)`'s (one load at a time per key), stored with its tags. While changes cannot be
   * heard, `load(false)`'s, stored nowhere. `forCache` says whether what loads will be kept: only
   * then must it read the primary.
   */
  async read(key: string, load: (forCache: boolean) => Promise<Cached<V>>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    if (!this.listening) return (await load(false)).value;
    const ticket = this.generation;
    // A reply makes every follower of a topic ask for the same page at once: they wait for the one
    // load under way, unless a change came after it began (its rows may be older than the change).
    const underWay = this.loading.get(key);
    if (underWay?.ticket === ticket) return (await underWay.loaded).value;
    const loaded = load(true);
    this.loading.set(key, { ticket, loaded });
    try {
      const value = await loaded;
      if (this.listening && ticket === this.generation) this.put(key, value);
      return value.value;
    } finally {
      if (this.loading.get(key)?.loaded === loaded) this.loading.delete(key);
    }
  }

  /** Drops every entry carrying `tag` (EVERYTHING: every entry). */
  clear(tag: string): void {
    this.generation++;
    if (tag === EVERYTHING) {
      this.entries.clear();
      this.keysOfTag.clear();
      return;
    }
    for (const key of this.keysOfTag.get(tag) ?? []) this.drop(key);
  }

  /** False while changes cannot be heard: cache nothing. True again: start empty, some may have been missed. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear(EVERYTHING);
  }

  private get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.cachedAt;
    if (age >= this.options.maxAgeMs || age < 0 || (entry.expiresAt !== undefined && this.now() >= entry.expiresAt)) {
      this.drop(key);
      return undefined;
    }
    // Most recently used last: the first key is the one to drop when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  private put(key: string, { value, tags, expiresAt }: Cached<V>): void {
    this.drop(key);
    if (expiresAt !== undefined && this.now() >= expiresAt) return;
    if (this.entries.size >= this.options.maxEntries) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { value, tags, expiresAt, cachedAt: this.now() });
    for (const tag of tags) {
      const keys = this.keysOfTag.get(tag) ?? new Set<string>();
      this.keysOfTag.set(tag, keys.add(key));
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysOfTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfTag.delete(tag);
    }
  }
}
