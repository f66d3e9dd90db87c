import { describe, expect, it } from "vitest";
import { EVERYTHING, SharedCache } from "./shared-cache";

/** A cache whose loads are counted and return `value`, listening (as once the LISTEN connection is up). */
function counted(options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {}) {
  const cache = new SharedCache<string>({ maxEntries: options.maxEntries ?? 10, maxAgeMs: options.maxAgeMs ?? 60_000, now: options.now });
  cache.setListening(true);
  const loads: string[] = [];
  const read = (key: string, value = `${key}-value`, tags: string[] = [key]) =>
    cache.read(key, async () => {
      loads.push(key);
      return { value, tags };
    });
  return { cache, loads, read };
}

describe("SharedCache", () => {
  it("serves an entry with its own end until then only, and keeps none that has ended already", async () => {
    let now = 1_000;
    const cache = new SharedCache<string>({ maxEntries: 10, maxAgeMs: 60_000, now: () => now });
    cache.setListening(true);
    const loads: string[] = [];
    const read = (key: string, expiresAt: number) =>
      cache.read(key, async () => {
        loads.push(key);
        return { value: `${key}@${now}`, tags: [], expiresAt };
      });
    expect(await read("a", 1_500)).toBe("a@1000");
    now = 1_499;
    expect(await read("a", 9_999)).toBe("a@1000");
    now = 1_500;
    expect(await read("a", 9_999)).toBe("a@1500");
    expect(await read("gone", 1_500)).toBe("gone@1500");
    expect(await read("gone", 1_500)).toBe("gone@1500");
    expect(loads).toEqual(["a", "a", "gone", "gone"]);
    expect(cache.size).toBe(1);
  });

  it("loads a key once, then serves it until a change names one of its tags", async () => {
    const { cache, loads, read } = counted();
    await read("a", "one", ["t1", "m2"]);
    await read("b", "two", ["t3"]);
    expect(await read("a", "ignored")).toBe("one");
    cache.clear("m2");
    expect(await read("a", "fresh", ["t1"])).toBe("fresh");
    expect(await read("b")).toBe("two");
    cache.clear(EVERYTHING);
    await read("b");
    expect(loads).toEqual(["a", "b", "a", "b"]);
  });

  it("does not keep what a load read before a change that arrived while it ran", async () => {
    const { cache, loads, read } = counted();
    let finish!: () => void;
    const slow = cache.read("a", async () => {
      loads.push("slow");
      await new Promise<void>((resolve) => (finish = resolve));
      return { value: "before the change", tags: ["t1"] };
    });
    await Promise.resolve();
    cache.clear("t9");
    finish();
    expect(await slow).toBe("before the change");
    expect(await read("a", "after the change", ["t1"])).toBe("after the change");
    expect(loads).toEqual(["slow", "a"]);
  });

  it("loads a key once for readers who ask while its load is under way, the failure of that load included", async () => {
    const { cache, loads } = counted();
    let finish!: (value: string) => void;
    const slowRead = () =>
      cache.read("a", async () => {
        loads.push("a");
        return { value: await new Promise<string>((resolve) => (finish = resolve)), tags: ["t1"] };
      });
    const readers = [slowRead(), slowRead(), slowRead()];
    await Promise.resolve();
    finish("once");
    expect(await Promise.all(readers)).toEqual(["once", "once", "once"]);
    expect(loads).toEqual(["a"]);
    // A load that fails fails for every reader who waited for it, and the next read loads again.
    let fail!: (error: Error) => void;
    const failing = () =>
      cache.read("b", async () => {
        loads.push("b");
        return new Promise<never>((_resolve, reject) => (fail = reject));
      });
    const waiting = [failing(), failing()];
    await Promise.resolve();
    fail(new Error("gone"));
    for (const reader of waiting) await expect(reader).rejects.toThrow("gone");
    expect(await cache.read("b", async () => ({ value: "back", tags: [] }))).toBe("back");
    expect(loads).toEqual(["a", "b"]);
  });

  it("does not give a reader who asks after a change the load that began before it", async () => {
    const { cache, loads } = counted();
    let finish!: () => void;
    const before = cache.read("a", async () => {
      loads.push("before");
      await new Promise<void>((resolve) => (finish = resolve));
      return { value: "before the change", tags: ["t1"] };
    });
    await Promise.resolve();
    cache.clear("t1");
    const after = cache.read("a", async () => {
      loads.push("after");
      return { value: "after the change", tags: ["t1"] };
    });
    finish();
    expect(await before).toBe("before the change");
    expect(await after).toBe("after the change");
    expect(loads).toEqual(["before", "after"]);
  });

  it("keeps nothing while not listening, and starts empty when listening again", async () => {
    const { cache, loads, read } = counted();
    await read("a");
    cache.setListening(false);
    const uncached: boolean[] = [];
    for (let i = 0; i < 2; i++) await cache.read("a", async (forCache) => (uncached.push(!forCache), { value: "x", tags: [] }));
    expect(uncached).toEqual([true, true]);
    cache.setListening(true);
    await read("a");
    expect(loads).toEqual(["a", "a"]);
  });

  it("holds at most maxEntries, dropping the least recently used", async () => {
    const { cache, loads, read } = counted({ maxEntries: 2 });
    await read("a");
    await read("b");
    await read("a");
    await read("c");
    expect(cache.size).toBe(2);
    await read("a");
    await read("b");
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });

  it("reads an entry again once it is maxAgeMs old, the net for writes nobody announced", async () => {
    let now = 1_000;
    const { loads, read } = counted({ maxAgeMs: 100, now: () => now });
    await read("a");
    now += 99;
    await read("a");
    now += 1;
    await read("a");
    expect(loads).toEqual(["a", "a"]);
  });
});
