import { describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { ShareImages } from "./share-images";

/** A render that finishes when the test says so, counting how often it was started. */
function controlledRender() {
  const started: ((png: Buffer) => void)[] = [];
  const render = () => new Promise<Buffer>((resolve) => started.push(resolve));
  return { started, render };
}

describe("ShareImages", () => {
  it("makes each version once: requests while it renders and after share it", async () => {
    const images = new ShareImages({ entries: 10, slots: 1, maxWaiting: 0 });
    const { started, render } = controlledRender();
    const first = images.png("v1", render);
    const second = images.png("v1", render);
    started[0]!(Buffer.from("png"));
    expect(await first).toEqual(Buffer.from("png"));
    expect(await second).toBe(await first);
    expect(await images.png("v1", render)).toBe(await first);
    expect(started).toHaveLength(1);
  });

  it("runs at most `slots` renders, queues `maxWaiting`, and answers 503 past that instead of piling up", async () => {
    const images = new ShareImages({ entries: 10, slots: 1, maxWaiting: 1 });
    const { started, render } = controlledRender();
    const running = images.png("a", render);
    const queued = images.png("b", render);
    const refused = images.png("c", render);
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "5" } });
    // The queued one has not started: one slot.
    await Promise.resolve();
    expect(started).toHaveLength(1);
    started[0]!(Buffer.from("a"));
    await running;
    await expect.poll(() => started.length).toBe(2);
    started[1]!(Buffer.from("b"));
    expect(await queued).toEqual(Buffer.from("b"));
  });

  it("keeps the most recently used versions, and forgets a failed render so it can be tried again", async () => {
    const images = new ShareImages({ entries: 2, slots: 2, maxWaiting: 0 });
    let renders = 0;
    const render = async () => Buffer.from(String(++renders));
    await images.png("a", render);
    await images.png("b", render);
    await images.png("a", render);
    await images.png("c", render); // evicts b, the least recently used
    expect(renders).toBe(3);
    await images.png("a", render);
    expect(renders).toBe(3);
    await images.png("b", render);
    expect(renders).toBe(4);

    await expect(images.png("broken", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect((await images.png("broken", render)).toString()).toBe("5");
  });
});
