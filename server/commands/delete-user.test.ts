import { existsSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bioCards, invites, posts, profileComments, sessions, topics, uploads, userBadges, userLinks, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { expectCountersExact } from "../test/counters";
import { PNG_1X1 } from "../test/files";
import { insertMember, readUser, signedInAgent } from "../test/fixtures";

describe("deleting a member", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("removes everything that is theirs, signs them out, and leaves other members' counters exact", async () => {
    const admin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
    const doomed = await insertMember(t.database.db);
    const friend = await insertMember(t.database.db);
    const invitee = await insertMember(t.database.db, { invitedBy: doomed.id });
    const doomedAgent = await signedInAgent(t.app, doomed.username);
    const friendAgent = await signedInAgent(t.app, friend.username);

    // Their topic, with posts by both; the friend's topic, with posts by both.
    const ownTopic = (await doomedAgent.post("/api/topics").send({ title: "Mine" })).body.id;
    const friendTopic = (await friendAgent.post("/api/topics").send({ title: "Friend's" })).body.id;
    for (const [agent, topic] of [[doomedAgent, ownTopic], [friendAgent, ownTopic], [friendAgent, ownTopic], [friendAgent, friendTopic], [doomedAgent, friendTopic], [doomedAgent, friendTopic]] as const) {
      expect((await agent.post(`/api/topics/${topic}/posts`).send({ content: "hello" })).status).toBe(201);
    }
    // The friend's newest post comes before the doomed member's last two in the friend's topic.
    await friendAgent.post(`/api/users/${doomed.id}/comments`).send({ content: "on their profile" });
    await doomedAgent.post(`/api/users/${friend.id}/comments`).send({ content: "written by them" });
    await admin.post(`/api/admin/users/${doomed.id}/badges`).send({ badgeType: "verified" });
    await doomedAgent.post("/api/bio");
    await t.database.db.insert(userLinks).values({ userId: doomed.id, title: "Site", url: "https://example.com" });
    const file = (await doomedAgent.post("/api/upload").attach("file", PNG_1X1, "a.png")).body.url as string;
    const filePath = path.join(t.config.UPLOAD_DIR, file.split("/").pop()!);
    expect(existsSync(filePath)).toBe(true);
    await t.database.db.insert(invites).values([
      { code: "UNUSEDASSGN2", assignedTo: doomed.id },
      { code: "USEDBYDOOMED", usedBy: doomed.id, usedAt: new Date() },
    ]);

    // Purged (spam): their topics go whole, others' replies in them too (erase and anonymize keep those: content-outlives-author.test.ts).
    const res = await admin.delete(`/api/admin/users/${doomed.id}`).send({ content: "purge" });
    expect(res.status).toBe(200);
    // 3 posts they wrote + 2 of the friend's inside their topic; 1 topic; 2 comments (both ways).
    expect(res.body).toEqual({ message: "User deleted", content: "purge", deletedData: { posts: 5, topics: 1, comments: 2, messages: 0 } });

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, doomed.id))).toEqual([]);
    expect(await db.select().from(topics).where(eq(topics.id, ownTopic))).toEqual([]);
    expect(await db.select().from(posts).where(eq(posts.authorId, doomed.id))).toEqual([]);
    expect(await db.select().from(profileComments).where(sql`${profileComments.authorId} = ${doomed.id} OR ${profileComments.profileUserId} = ${doomed.id}`)).toEqual([]);
    expect(await db.select().from(userBadges).where(eq(userBadges.userId, doomed.id))).toEqual([]);
    expect(await db.select().from(bioCards).where(eq(bioCards.userId, doomed.id))).toEqual([]);
    expect(await db.select().from(userLinks).where(eq(userLinks.userId, doomed.id))).toEqual([]);
    expect(await db.select().from(uploads).where(eq(uploads.ownerId, doomed.id))).toEqual([]);
    expect(existsSync(filePath)).toBe(false);
    expect(await db.select().from(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(doomed.id)}`)).toEqual([]);
    expect((await doomedAgent.get("/api/auth/user")).status).toBe(401);
    expect((await db.select().from(invites).where(eq(invites.code, "UNUSEDASSGN2")))).toEqual([]);
    expect((await db.select().from(invites).where(eq(invites.code, "USEDBYDOOMED")))[0]).toMatchObject({ usedBy: null });
    expect((await readUser(db, invitee.id)).invitedBy).toBeNull();

    expect(await readUser(db, friend.id)).toMatchObject({ postsCount: 1 });
    const [remaining] = await db.select().from(topics).where(eq(topics.id, friendTopic));
    expect(remaining).toMatchObject({ postsCount: 1 });
    await expectCountersExact(db);
    expect((await admin.delete(`/api/admin/users/${doomed.id}`)).status).toBe(404);
  });
});
