import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Subscriber } from "../db/listener";
import { preparedQuery } from "../db/prepared";
import { memberBlocks } from "../db/schema";
import { MEMBER_BLOCK_SIZE } from "../db/schema/member-blocks";

const allBlocks = preparedQuery((db) => db.select().from(memberBlocks).orderBy(asc(memberBlocks.block)).prepare("member_blocks"));

type Block = Awaited<ReturnType<ReturnType<typeof allBlocks>["execute"]>>[number];

/**
 * The members list's totals and page positions, from `member_blocks` (one row per 1,000 member ids,
 * kept exact by triggers: 100 rows for 100,000 members). The rows are kept in the process until
 * they change anywhere (announced on member_blocks_changed, by a trigger of migration 0018, through the process's listener), so a
 * list page reads no totals. While that cannot be heard nothing is kept.
 */
export class MemberDirectory implements Subscriber {
  private blocks: Block[] | undefined;
  /** A read under way, shared by the requests that start meanwhile. */
  private loading: Promise<Block[]> | undefined;
  private generation = 0;
  private isListening = false;

  constructor(private readonly db: Db) {}

  async totals() {
    const blocks = await this.load();
    const sum = (pick: (block: Block) => number) => blocks.reduce((total, block) => total + pick(block), 0);
    return { totalUsers: sum((block) => block.members), totalAdmins: sum((block) => block.admins), totalPosts: sum((block) => block.posts) };
  }

  /**
   * Where the `count` members from `offset` (0-based, id order) are: their ids lie in
   * [fromId, toId), and `skip` members of that range come before them. Between a change and its
   * announcement the totals may be a member off, and a page then moves or shortens by one.
   */
  async position(offset: number, count: number): Promise<{ fromId: number; toId: number; skip: number } | undefined> {
    const blocks = await this.load();
    const last = offset + count - 1;
    let before = 0;
    let start: { fromId: number; skip: number } | undefined;
    for (const block of blocks) {
      if (!start && before + block.members > offset) start = { fromId: block.block * MEMBER_BLOCK_SIZE, skip: offset - before };
      before += block.members;
      if (start && before > last) return { ...start, toId: (block.block + 1) * MEMBER_BLOCK_SIZE };
    }
    // The page runs past the last member.
    return start && { ...start, toId: (blocks.at(-1)!.block + 1) * MEMBER_BLOCK_SIZE };
  }

  private load(): Promise<Block[]> {
    if (this.blocks) return Promise.resolve(this.blocks);
    this.loading ??= this.read();
    return this.loading;
  }

  private async read(): Promise<Block[]> {
    const ticket = this.generation;
    try {
      const blocks = await allBlocks(this.db).execute();
      // Stored only if no member changed while it was read.
      if (this.isListening && ticket === this.generation) this.blocks = blocks;
      return blocks;
    } finally {
      if (ticket === this.generation) this.loading = undefined;
    }
  }

  notify(): void {
    this.generation++;
    this.blocks = undefined;
    // Requests from now on wait for a read that starts after the change.
    this.loading = undefined;
  }

  /** Listening again: changes may have been missed meanwhile. */
  listening(): void {
    this.isListening = true;
    this.notify();
  }

  lost(): void {
    this.isListening = false;
    this.notify();
  }
}

