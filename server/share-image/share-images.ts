import { HttpError } from "../errors";

export interface ShareImagesOptions {
  /** How many images (one per card version) a process keeps. */
  entries: number;
  /** How many renders run at once. */
  slots: number;
  /** How many may wait for a slot; past that a request is answered 503 at once, so slow renders do not pile up. */
  maxWaiting: number;
}

/** 503 with a hint to come back: every render slot is taken and the queue is full. */
const busy = () => new HttpError(503, "Share images are busy, try again shortly", {}, { "Retry-After": "5" });

/**
 * The share images this process made, by card version (the key names everything drawn: a changed
 * card has a new key, so it is made again; old versions fall out, least recently used first).
 * Requests for a version being made share its render; renders are bounded (slots, a short queue).
 */
export class ShareImages {
  private readonly made = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: ShareImagesOptions) {}

  png(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const known = this.made.get(key);
    if (known) {
      // Most recently used goes last, so eviction takes the oldest first.
      this.made.delete(key);
      this.made.set(key, known);
      return known;
    }
    if (this.running >= this.options.slots && this.waiting.length >= this.options.maxWaiting) return Promise.reject(busy());
    const image = this.bounded(render);
    this.made.set(key, image);
    image.catch(() => this.made.delete(key));
    while (this.made.size > this.options.entries) this.made.delete(this.made.keys().next().value!);
    return image;
  }

  private async bounded(render: () => Promise<Buffer>): Promise<Buffer> {
    if (this.running >= this.options.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await render();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
