import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, Post } from "@shared/types";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

/**
 * docs/product.md "Private messages and blocking": a blocked member causes the blocker no notification
 * (reply, mention, reaction, profile comment), cannot comment on the blocker's profile, and their
 * posts come flagged `authorBlocked` to the blocker. (Conversations and blocking: conversations.test.ts.)
 */
describe("blocking's effects", () => {
  let t: TestApp;
  interface Member {
    id: number;
    username: string;
    agent: Agent;
  }
  const newMember = async (): Promise<Member> => {
    const member = await insertMember(t.database.db);
    return { id: member.id, username: member.username, agent: await signedInAgent(t.app, member.username) };
  };
  /** Alice blocked Bob; Carol blocked nobody. */
  let alice: Member;
  let bob: Member;
  let carol: Member;

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob, carol] = [await newMember(), await newMember(), await newMember()];
    expect((await alice.agent.put(`/api/blocks/${bob.username}`)).status).toBe(204);
  });
  afterAll(() => t.close());

  const noticesOf = async (member: Member) => (await member.agent.get("/api/notifications")).body.notifications as Notification[];
  const readAll = (member: Member) => member.agent.post("/api/notifications/read").send({});
  const newTopic = async (member: Member) => (await member.agent.post("/api/topics").send({ title: "Thread" })).body.id as number;
  const newPost = async (member: Member, topicId: number, content: string) => {
    const res = await member.agent.post(`/api/topics/${topicId}/posts`).send({ content });
    expect(res.status).toBe(201);
    return res.body as Post;
  };

  it("no reply notification from a blocked member's post; others are told", async () => {
    await Promise.all([readAll(alice), readAll(carol)]);
    const topicId = await newTopic(alice);
    await newPost(carol, topicId, "Carol was here");
    await readAll(alice);
    await newPost(bob, topicId, "Bob replies");
    expect(await noticesOf(alice)).toEqual(expect.not.arrayContaining([expect.objectContaining({ readAt: null })]));
    expect((await noticesOf(carol)).filter((n) => n.readAt === null)).toEqual([expect.objectContaining({ type: "reply", actor: expect.objectContaining({ id: bob.id }) })]);
  });

  it("no mention from a blocked member, in a post or a profile comment", async () => {
    await readAll(alice);
    const topicId = await newTopic(carol);
    await newPost(bob, topicId, `Hey @${alice.username} and @${carol.username}`);
    expect((await bob.agent.post(`/api/users/${carol.id}/comments`).send({ content: `Ask @${alice.username}` })).status).toBe(201);
    expect((await noticesOf(alice)).filter((n) => n.readAt === null)).toEqual([]);
    expect((await noticesOf(carol)).filter((n) => n.readAt === null && n.type === "mention")).toHaveLength(1);
  });

  it("no reaction notification from a blocked member; others' still arrive", async () => {
    await readAll(alice);
    const post = await newPost(alice, await newTopic(alice), "React to me");
    expect((await bob.agent.put(`/api/posts/${post.id}/reactions/like`)).status).toBe(200);
    expect((await noticesOf(alice)).filter((n) => n.readAt === null)).toEqual([]);
    expect((await carol.agent.put(`/api/posts/${post.id}/reactions/love`)).status).toBe(200);
    expect((await noticesOf(alice)).filter((n) => n.readAt === null)).toEqual([expect.objectContaining({ type: "reaction", count: 1, actor: expect.objectContaining({ id: carol.id }) })]);
  });

  it("a blocked member cannot comment on the blocker's profile, and the profile tells them so with canComment", async () => {
    await readAll(alice);
    const refused = await bob.agent.post(`/api/users/${alice.id}/comments`).send({ content: "Hello Alice" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This member is not accepting comments from you");
    expect((await alice.agent.get(`/api/users/${alice.id}/comments`)).body).toEqual([]);
    expect((await bob.agent.get(`/api/users/${alice.username}`)).body.canComment).toBe(false);
    // Everyone else still comments, and Alice is told.
    expect((await carol.agent.get(`/api/users/${alice.username}`)).body.canComment).toBe(true);
    expect((await carol.agent.post(`/api/users/${alice.id}/comments`).send({ content: "Hello from Carol" })).status).toBe(201);
    expect((await noticesOf(alice)).filter((n) => n.readAt === null)).toEqual([expect.objectContaining({ type: "profile_comment" })]);
    // The block is one way: Alice still comments on Bob's profile.
    expect((await alice.agent.get(`/api/users/${bob.username}`)).body.canComment).toBe(true);
    expect((await alice.agent.post(`/api/users/${bob.id}/comments`).send({ content: "Hello Bob" })).status).toBe(201);
  });

  it("a blocked moderator still comments (as their messages still arrive), but causes no notification", async () => {
    const moderator = await insertMember(t.database.db, { isModerator: true });
    const modAgent = await signedInAgent(t.app, moderator.username);
    const erin = await newMember();
    expect((await erin.agent.put(`/api/blocks/${moderator.username}`)).status).toBe(204);
    expect((await modAgent.get(`/api/users/${erin.username}`)).body.canComment).toBe(true);
    expect((await modAgent.post(`/api/users/${erin.id}/comments`).send({ content: "A word from staff" })).status).toBe(201);
    expect(await noticesOf(erin)).toEqual([]);
  });

  it("tells again once unblocked", async () => {
    const dave = await newMember();
    expect((await dave.agent.put(`/api/blocks/${bob.username}`)).status).toBe(204);
    expect((await dave.agent.delete(`/api/blocks/${bob.username}`)).status).toBe(204);
    expect((await bob.agent.post(`/api/users/${dave.id}/comments`).send({ content: "Friends again" })).status).toBe(201);
    expect(await noticesOf(dave)).toEqual([expect.objectContaining({ type: "profile_comment", actor: expect.objectContaining({ id: bob.id }) })]);
  });

  it("reading up to the last post by others marks the reply read, whatever a blocked member wrote after", async () => {
    await readAll(alice);
    const topicId = await newTopic(alice);
    const carols = await newPost(carol, topicId, "Carol again");
    await newPost(bob, topicId, "Bob after her");
    expect((await noticesOf(alice)).filter((n) => n.readAt === null)).toHaveLength(1);
    expect((await alice.agent.put(`/api/topics/${topicId}/read`).send({ postId: carols.id })).status).toBe(200);
    expect((await noticesOf(alice)).filter((n) => n.readAt === null)).toEqual([]);
  });

  it("a deleted post of a blocked member takes nothing from the blocker's reply", async () => {
    await readAll(alice);
    const topicId = await newTopic(alice);
    await newPost(carol, topicId, "Carol first");
    const bobs = await newPost(bob, topicId, "Bob second");
    expect((await bob.agent.delete(`/api/posts/${bobs.id}`)).status).toBe(200);
    expect((await noticesOf(alice)).filter((n) => n.readAt === null)).toEqual([expect.objectContaining({ type: "reply", count: 1, actor: expect.objectContaining({ id: carol.id }) })]);
  });

  it("flags a blocked member's posts authorBlocked for the blocker only", async () => {
    const topicId = await newTopic(carol);
    const bobs = await newPost(bob, topicId, "From Bob");
    await newPost(carol, topicId, "From Carol");
    const flags = async (member: Member) =>
      ((await member.agent.get(`/api/topics/${topicId}/posts`)).body as Post[]).map((post) => [post.authorId, post.authorBlocked]);
    expect(await flags(alice)).toEqual([[bob.id, true], [carol.id, false]]);
    expect(await flags(carol)).toEqual([[bob.id, false], [carol.id, false]]);
    const around = (await alice.agent.get(`/api/topics/${topicId}/posts?around=${bobs.id}`)).body as Post[];
    expect(around.map((post) => post.authorBlocked)).toEqual([true, false]);
  });
});
