import { describe, expect, it } from "vitest";
import type { ReviewCountMessage, WsServerMessage } from "@shared/types";
import { insertMember } from "../test/fixtures";
import { twoProcesses, type PresenceServer } from "./test-support";

const isReviewCount = (message: WsServerMessage): message is ReviewCountMessage => message.type === "review_count";

/** docs/product.md "Moderation by the community": staff see the pending count in the navigation, live. */
describe("the live review count", () => {
  const world = twoProcesses();

  const post = (server: PresenceServer, cookie: string, path: string, body: unknown) => server.send("POST", cookie, path, body);

  it("reaches staff on every process when a flag opens an item and when a decision closes it, and no member", async () => {
    const { database, one, two, sockets } = world;
    const [author, flagger, moderator, admin] = [
      await insertMember(database.db),
      await insertMember(database.db),
      await insertMember(database.db, { isModerator: true }),
      await insertMember(database.db, { isAdmin: true }),
    ];
    const authorCookie = await one.signIn(author.username);
    const flaggerCookie = await two.signIn(flagger.username);
    const moderatorCookie = await one.signIn(moderator.username);
    const staffTabs = [await one.connect(moderatorCookie), await two.connect(await two.signIn(admin.username))];
    const memberTab = await one.connect(flaggerCookie);
    sockets.push(...staffTabs, memberTab);

    const topic = (await (await post(one, authorCookie, "/api/topics", { title: "Flag me" })).json()) as { id: number };
    const reply = (await (await post(one, authorCookie, `/api/topics/${topic.id}/posts`, { content: "Spam spam" })).json()) as { id: number };
    const flagged = await post(two, flaggerCookie, "/api/flags", { targetType: "post", targetId: reply.id, reason: "spam" });
    expect(flagged.status).toBe(201);
    const { reviewItemId } = (await flagged.json()) as { reviewItemId: number };
    for (const tab of staffTabs) expect(await tab.next(isReviewCount)).toEqual({ type: "review_count", pendingCount: 1 });

    expect((await post(one, moderatorCookie, `/api/review/${reviewItemId}`, { action: "keep" })).status).toBe(200);
    for (const tab of staffTabs) expect(await tab.next(isReviewCount)).toEqual({ type: "review_count", pendingCount: 0 });
    await expect(memberTab.next(isReviewCount, 500)).rejects.toThrow(/no matching message/);
  });
});
