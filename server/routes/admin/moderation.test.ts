import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invites, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, inviteCode, readUser, signedInAgent } from "../../test/fixtures";

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** docs/product.md "Moderation by the community": roles, moderator powers, silence, the public log, invite accountability. */
let t: TestApp;
let admin: Agent;
let moderator: Agent;
let adminRow: { id: number; username: string };
let moderatorRow: { id: number; username: string };

beforeAll(async () => {
  t = await createTestApp();
  adminRow = await insertMember(t.database.db, { isAdmin: true });
  moderatorRow = await insertMember(t.database.db, { isModerator: true });
  admin = await signedInAgent(t.app, adminRow.username);
  moderator = await signedInAgent(t.app, moderatorRow.username);
});
afterAll(() => t.close());

async function newMember(values: Partial<typeof users.$inferInsert> = {}) {
  const row = await insertMember(t.database.db, values);
  return { row, agent: await signedInAgent(t.app, row.username) };
}

const latestLogEntry = async () => (await admin.get("/api/moderation-log")).body.entries[0];

describe("roles", () => {
  it("an admin gives and takes the moderator role; role shows in every answer about the member, and the log records it", async () => {
    const { row, agent } = await newMember();
    const res = await admin.put(`/api/admin/users/${row.id}/role`).send({ role: "moderator" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: "moderator", isAdmin: false });
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ role: "moderator", isAdmin: false, canModerate: true });
    expect((await agent.get(`/api/users/${row.username}`)).body.role).toBe("moderator");
    expect(await latestLogEntry()).toMatchObject({ action: "change_role", targetType: "member", targetLabel: row.username, moderatorUsername: adminRow.username });

    await admin.put(`/api/admin/users/${row.id}/role`).send({ role: "admin" });
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ role: "admin", isAdmin: true });
    await admin.put(`/api/admin/users/${row.id}/role`).send({ role: "member" });
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ role: "member", isAdmin: false, canModerate: false });
  });

  it("refuses an admin's own role (403), a moderator (403) and an unknown role (400)", async () => {
    const { row } = await newMember();
    expect((await admin.put(`/api/admin/users/${adminRow.id}/role`).send({ role: "member" })).status).toBe(403);
    expect((await moderator.put(`/api/admin/users/${row.id}/role`).send({ role: "moderator" })).status).toBe(403);
    expect((await admin.put(`/api/admin/users/${row.id}/role`).send({ role: "owner" })).status).toBe(400);
    expect((await readUser(t.database.db, row.id)).isModerator).toBe(false);
  });

  it("marks staff next to their name on posts, topics and comments (authorRole)", async () => {
    const topic = await moderator.post("/api/topics").send({ title: "Staff topic" });
    expect(topic.body.authorRole).toBe("moderator");
    const post = await moderator.post(`/api/topics/${topic.body.id}/posts`).send({ content: "hello" });
    expect(post.body.authorRole).toBe("moderator");
    const { row, agent } = await newMember();
    await agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: "reply" });
    const posts = (await agent.get(`/api/topics/${topic.body.id}/posts`)).body;
    expect(posts.map((p: { authorRole: string }) => p.authorRole)).toEqual(["moderator", "member"]);
    const comment = await admin.post(`/api/users/${row.id}/comments`).send({ content: "welcome" });
    expect(comment.body.authorRole).toBe("admin");
    const list = (await agent.get("/api/users?limit=100")).body.users;
    expect(list.find((u: { id: number }) => u.id === moderatorRow.id).role).toBe("moderator");
  });
});

describe("moderator powers", () => {
  it("a moderator sees the members table with what they may do, and only the sections they may use", async () => {
    const { row } = await newMember();
    const res = await moderator.get(`/api/admin/users?search=${row.username}`);
    expect(res.status).toBe(200);
    expect(res.body.sections).toEqual({ members: true, invites: false, badges: false, categories: false, actions: false });
    expect(res.body.users[0]).toMatchObject({ role: "member", canBan: true, canBanPermanently: false, canSilence: true, canDelete: false, canChangeRole: false, canManageInvites: false, isSilenced: false, silencedUntil: null });
    const adminView = await admin.get(`/api/admin/users?search=${row.username}`);
    expect(adminView.body.users[0]).toMatchObject({ canBanPermanently: true, canDelete: true, canChangeRole: true, canManageInvites: true });
  });

  it("a moderator bans a member for up to 30 days and lifts it; the log records both", async () => {
    const { row } = await newMember();
    const res = await moderator.post(`/api/admin/users/${row.id}/ban`).send({ reason: "Spam", expiresAt: inDays(30) });
    expect(res.status).toBe(200);
    expect(res.body.user.isBanned).toBe(true);
    expect(await latestLogEntry()).toMatchObject({ action: "ban", targetLabel: row.username, reason: "Spam", moderatorUsername: moderatorRow.username });
    expect((await moderator.post(`/api/admin/users/${row.id}/unban`)).status).toBe(200);
    expect(await latestLogEntry()).toMatchObject({ action: "unban", targetLabel: row.username });
  });

  it("a moderator may not ban for good or for longer than 30 days (403)", async () => {
    const { row } = await newMember();
    const forGood = await moderator.post(`/api/admin/users/${row.id}/ban`).send({ reason: "Spam" });
    expect(forGood.status).toBe(403);
    expect(forGood.body.message).toBe("Moderators may ban for up to 30 days");
    expect((await moderator.post(`/api/admin/users/${row.id}/ban`).send({ reason: "Spam", expiresAt: inDays(31) })).status).toBe(403);
    expect((await readUser(t.database.db, row.id)).isBanned).toBe(false);
  });

  it("a moderator neither lifts nor shortens an admin's permanent ban (403), and is not offered to", async () => {
    const { row } = await newMember();
    expect((await admin.post(`/api/admin/users/${row.id}/ban`).send({ reason: "For good" })).status).toBe(200);
    for (const res of [
      await moderator.post(`/api/admin/users/${row.id}/unban`),
      await moderator.post(`/api/admin/users/${row.id}/ban`).send({ reason: "Shorter", expiresAt: inDays(1) }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only an administrator can change a permanent ban");
    }
    expect(await readUser(t.database.db, row.id)).toMatchObject({ isBanned: true, banExpiresAt: null, banReason: "For good" });
    const listed = (await moderator.get(`/api/admin/users?search=${row.username}`)).body.users.find((user: { id: number }) => user.id === row.id);
    expect(listed).toMatchObject({ isBanned: true, canBan: false });
    expect((await admin.post(`/api/admin/users/${row.id}/unban`)).status).toBe(200);
  });

  it("nobody but an admin bans, silences, deletes or changes the role of a moderator", async () => {
    const { row } = await newMember({ isModerator: true });
    expect((await moderator.post(`/api/admin/users/${row.id}/ban`).send({ reason: "x", expiresAt: inDays(1) })).status).toBe(403);
    expect((await moderator.post(`/api/admin/users/${row.id}/silence`).send({ reason: "x", days: 1 })).status).toBe(403);
    expect((await moderator.delete(`/api/admin/users/${row.id}`)).status).toBe(403);
    expect((await moderator.put(`/api/admin/users/${row.id}/role`).send({ role: "member" })).status).toBe(403);
    expect(await readUser(t.database.db, row.id)).toMatchObject({ isBanned: false, silencedUntil: null, isModerator: true, deletedAt: null });
    expect((await admin.post(`/api/admin/users/${row.id}/silence`).send({ reason: "x", days: 1 })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${row.id}/ban`).send({ reason: "x" })).status).toBe(200);
  });

  it("admins cannot be banned or silenced at all (403), not even by another admin", async () => {
    const other = await insertMember(t.database.db, { isAdmin: true });
    for (const agent of [admin, moderator]) {
      expect((await agent.post(`/api/admin/users/${other.id}/ban`).send({ reason: "x", expiresAt: inDays(1) })).status).toBe(403);
      expect((await agent.post(`/api/admin/users/${other.id}/silence`).send({ reason: "x", days: 1 })).status).toBe(403);
    }
    expect(await readUser(t.database.db, other.id)).toMatchObject({ isBanned: false, silencedUntil: null });
  });

  it("only admins handle invites, badges and member deletion", async () => {
    const { row } = await newMember();
    expect((await moderator.post(`/api/admin/users/${row.id}/invite`)).status).toBe(403);
    expect((await moderator.post(`/api/admin/users/${row.id}/badges`).send({ badgeType: "verified" })).status).toBe(403);
    expect((await moderator.delete(`/api/admin/users/${row.id}`)).status).toBe(403);
    expect((await moderator.get(`/api/admin/users/${row.id}/invites`)).status).toBe(403);
    expect((await moderator.get("/api/invites")).status).toBe(403);
  });

  it("a moderator deletes any post and profile comment", async () => {
    const { row, agent } = await newMember();
    const topic = await agent.post("/api/topics").send({ title: "Mine" });
    const post = await agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: "words" });
    expect((await moderator.get(`/api/topics/${topic.body.id}/posts`)).body[0].canDelete).toBe(true);
    expect((await moderator.delete(`/api/posts/${post.body.id}`)).status).toBe(200);
    const comment = await agent.post(`/api/users/${row.id}/comments`).send({ content: "self" });
    expect((await moderator.delete(`/api/profile-comments/${comment.body.id}`)).status).toBe(200);
  });

  it("a moderator pins, locks and deletes topics; locks and deletions are in the public log under the topic's title", async () => {
    const { agent } = await newMember();
    const topic = await agent.post("/api/topics").send({ title: "Heated thread" });
    expect((await moderator.patch(`/api/topics/${topic.body.id}`).send({ isPinned: true, isLocked: true })).status).toBe(200);
    expect(await latestLogEntry()).toMatchObject({ action: "lock_topic", targetType: "topic", targetLabel: "Heated thread" });
    await moderator.patch(`/api/topics/${topic.body.id}`).send({ isLocked: false });
    expect(await latestLogEntry()).toMatchObject({ action: "unlock_topic", targetLabel: "Heated thread" });
    expect((await agent.delete(`/api/topics/${topic.body.id}`)).status).toBe(403);
    expect((await moderator.delete(`/api/topics/${topic.body.id}`)).status).toBe(200);
    expect(await latestLogEntry()).toMatchObject({ action: "delete_topic", targetLabel: "Heated thread", moderatorUsername: moderatorRow.username });
  });

  it("an admin's member deletion is in the public log", async () => {
    const { row } = await newMember();
    expect((await admin.delete(`/api/admin/users/${row.id}`)).status).toBe(200);
    expect(await latestLogEntry()).toMatchObject({ action: "delete_member", targetLabel: row.username });
  });
});

describe("silence", () => {
  const SILENCED = /^Your account is silenced until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

  it("validates days (1-365) and a reason", async () => {
    const { row } = await newMember();
    for (const body of [{ days: 0, reason: "x" }, { days: 366, reason: "x" }, { days: 1.5, reason: "x" }, { days: 3 }, { days: 3, reason: " " }]) {
      expect((await moderator.post(`/api/admin/users/${row.id}/silence`).send(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("a silenced member is refused every write with the exact message, reads everything, and lifting restores writing", async () => {
    const { row, agent } = await newMember();
    const other = await newMember();
    const topic = await other.agent.post("/api/topics").send({ title: "Open" });
    const othersPost = await other.agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: "hi" });
    const ownTopic = await agent.post("/api/topics").send({ title: "Own" });
    const ownPost = await agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: "mine" });
    const conversation = await agent.post("/api/conversations").send({ usernames: [other.row.username], content: "hello" });

    const silenced = await moderator.post(`/api/admin/users/${row.id}/silence`).send({ days: 3, reason: "Cool down" });
    expect(silenced.status).toBe(200);
    expect(silenced.body.user).toMatchObject({ isSilenced: true, silenceReason: "Cool down" });
    const until = silenced.body.user.silencedUntil as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    expect(await latestLogEntry()).toMatchObject({ action: "silence", targetLabel: row.username, moderatorUsername: moderatorRow.username });
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ isSilenced: true, silencedUntil: until, silenceReason: "Cool down" });

    const writes: [string, () => request.Test][] = [
      ["create a topic", () => agent.post("/api/topics").send({ title: "New" })],
      ["post", () => agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: "x" })],
      ["edit a post", () => agent.patch(`/api/posts/${ownPost.body.id}`).send({ content: "y" })],
      ["edit a topic", () => agent.patch(`/api/topics/${ownTopic.body.id}`).send({ title: "Renamed" })],
      ["comment", () => agent.post(`/api/users/${other.row.id}/comments`).send({ content: "x" })],
      ["react", () => agent.put(`/api/posts/${othersPost.body.id}/reactions/like`)],
      ["take back a reaction", () => agent.delete(`/api/posts/${othersPost.body.id}/reactions/like`)],
      ["message", () => agent.post(`/api/conversations/${conversation.body.id}/messages`).send({ content: "x" })],
      ["start a conversation", () => agent.post("/api/conversations").send({ usernames: [other.row.username], content: "x" })],
    ];
    for (const [what, write] of writes) {
      const res = await write();
      expect(res.status, what).toBe(403);
      expect(res.body.message, what).toMatch(SILENCED);
      expect(res.body.message, what).toBe(`Your account is silenced until ${until}`);
    }
    for (const read of [`/api/topics`, `/api/topics/${topic.body.id}/posts`, `/api/users/${other.row.username}`, `/api/conversations`, "/api/moderation-log", `/api/posts/${ownPost.body.id}/revisions`]) {
      expect((await agent.get(read)).status, read).toBe(200);
    }
    // What they may do, as the answers say it: nothing to edit, nothing to react to.
    const mayDo = async () => {
      const shown = (await agent.get(`/api/topics/${topic.body.id}/posts`)).body as { id: number; canEdit: boolean; canReact: boolean }[];
      const ownTopicShown = (await agent.get(`/api/topics/${ownTopic.body.id}`)).body as { canEdit: boolean };
      const listed = ((await agent.get("/api/topics")).body as { id: number; canEdit: boolean }[]).find((each) => each.id === ownTopic.body.id)!;
      return {
        editOwnPost: shown.find((post) => post.id === ownPost.body.id)!.canEdit,
        reactToOthers: shown.find((post) => post.id === othersPost.body.id)!.canReact,
        editOwnTopic: ownTopicShown.canEdit,
        editOwnTopicInList: listed.canEdit,
      };
    };
    expect(await mayDo()).toEqual({ editOwnPost: false, reactToOthers: false, editOwnTopic: false, editOwnTopicInList: false });

    expect((await moderator.delete(`/api/admin/users/${row.id}/silence`)).status).toBe(200);
    expect(await latestLogEntry()).toMatchObject({ action: "unsilence", targetLabel: row.username });
    // Changed outside the app: its session cache hears of it through an announcement, within moments.
    await vi.waitFor(async () => expect((await agent.get("/api/auth/user")).body).toMatchObject({ isSilenced: false, silencedUntil: null }), { timeout: 3_000, interval: 20 });
    expect((await agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: "back" })).status).toBe(201);
    expect((await agent.put(`/api/posts/${othersPost.body.id}/reactions/like`)).status).toBe(200);
    expect(await mayDo()).toEqual({ editOwnPost: true, reactToOthers: true, editOwnTopic: true, editOwnTopicInList: true });
  });

  it("a silence whose end has passed is over without anyone acting", async () => {
    const { row, agent } = await newMember();
    await t.database.db.update(users).set({ silencedUntil: new Date(Date.now() - 1000), silenceReason: "old" }).where(eq(users.id, row.id));
    // Changed outside the app: its session cache hears of it through an announcement, within moments.
    await vi.waitFor(async () => expect((await agent.get("/api/auth/user")).body).toMatchObject({ isSilenced: false, silencedUntil: null }), { timeout: 3_000, interval: 20 });
    expect((await agent.post("/api/topics").send({ title: "Free" })).status).toBe(201);
  });
});

describe("the public moderation log", () => {
  it("is for signed-in members only", async () => {
    expect((await request(t.app).get("/api/moderation-log")).status).toBe(401);
  });

  it("pages newest first with a keyset cursor", async () => {
    const { row } = await newMember();
    for (let i = 0; i < 25; i++) await moderator.post(`/api/admin/users/${row.id}/silence`).send({ days: 1, reason: `round ${i}` });
    const first = await moderator.get("/api/moderation-log");
    expect(first.body.entries).toHaveLength(20);
    expect(first.body.entries[0]).toMatchObject({ action: "silence", reason: "round 24 (1 days)", targetType: "member" });
    expect(Object.keys(first.body.entries[0]).sort()).toEqual(["action", "createdAt", "id", "moderatorUsername", "reason", "targetLabel", "targetType"]);
    const ids = first.body.entries.map((e: { id: number }) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await moderator.get(`/api/moderation-log?cursor=${first.body.nextCursor}`);
    expect(second.body.entries[0].id).toBeLessThan(ids.at(-1));
    expect(second.body.entries[0].reason).toBe("round 4 (1 days)");
    expect((await moderator.get("/api/moderation-log?cursor=abc")).status).toBe(400);
  });

  it("ends with a null nextCursor", async () => {
    let cursor: number | null = null;
    for (let page = 0; page < 100; page++) {
      const res: request.Response = await admin.get(`/api/moderation-log${cursor ? `?cursor=${cursor}` : ""}`);
      cursor = res.body.nextCursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
  });
});

describe("invite accountability", () => {
  it("an admin's member view lists who invited them and whom they invited, with each one's state", async () => {
    const inviter = await newMember();
    const member = await newMember({ invitedBy: inviter.row.id });
    const active = await insertMember(t.database.db, { invitedBy: member.row.id });
    const banned = await insertMember(t.database.db, { invitedBy: member.row.id, isBanned: true, banReason: "x" });
    const deleting = await insertMember(t.database.db, { invitedBy: member.row.id, deletedAt: new Date() });
    const res = await admin.get(`/api/admin/users/${member.row.id}/invites`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      invitedBy: { id: inviter.row.id, username: inviter.row.username, state: "active" },
      invitees: [
        { id: active.id, username: active.username, state: "active" },
        { id: banned.id, username: banned.username, state: "banned" },
        { id: deleting.id, username: deleting.username, state: "deleted" },
      ],
      unusedInvites: 0,
    });
  });

  it("banning with revokeInvites deletes the member's unused invites; used ones stay", async () => {
    const { row } = await newMember();
    await inviteCode(t.database.db, { createdBy: row.id });
    await inviteCode(t.database.db, { assignedTo: row.id });
    const used = await inviteCode(t.database.db, { assignedTo: row.id });
    await request(t.app).post("/api/auth/register").send({ username: `inv${row.id}`, password: "Secret123", inviteCode: used });
    expect((await admin.get(`/api/admin/users/${row.id}/invites`)).body.unusedInvites).toBe(2);

    // Invites are administrators': a moderator's ban may not revoke them.
    const byModerator = await moderator.post(`/api/admin/users/${row.id}/ban`).send({ reason: "Spam ring", expiresAt: inDays(7), revokeInvites: true });
    expect(byModerator.status).toBe(403);
    expect(byModerator.body.message).toBe("Only an administrator can revoke invites");
    const res = await admin.post(`/api/admin/users/${row.id}/ban`).send({ reason: "Spam ring", expiresAt: inDays(7), revokeInvites: true });
    expect(res.status).toBe(200);
    expect(res.body.revokedInvites).toBe(2);
    const left = await t.database.db.select().from(invites).where(eq(invites.assignedTo, row.id));
    expect(left.map((invite) => invite.code)).toEqual([used]);
    expect((await admin.get(`/api/admin/users/${row.id}/invites`)).body).toMatchObject({ unusedInvites: 0, invitees: [{ username: `inv${row.id}`, state: "active" }] });
  });

  it("banning without revokeInvites keeps them", async () => {
    const { row } = await newMember();
    await inviteCode(t.database.db, { createdBy: row.id });
    const res = await admin.post(`/api/admin/users/${row.id}/ban`).send({ reason: "x" });
    expect(res.body.revokedInvites).toBe(0);
    expect((await admin.get(`/api/admin/users/${row.id}/invites`)).body.unusedInvites).toBe(1);
  });
});
