import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember, signedInAgent } from "../../test/fixtures";

/** docs/product.md "Private messages and blocking": messages per minute and new conversations per hour, per member (here 3 and 2). */
describe("private message limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MESSAGES_PER_MINUTE: "3", RATE_LIMIT_CONVERSATIONS_PER_HOUR: "2" });
  });
  afterAll(() => t.close());

  const newMember = async () => {
    const member = await insertMember(t.database.db);
    return { ...member, agent: await signedInAgent(t.app, member.username) };
  };

  it("answers 429 with Retry-After past the new conversations of an hour, per member", async () => {
    const [alice, bob, carol] = [await newMember(), await newMember(), await newMember()];
    const start = (agent: typeof alice.agent) => agent.post("/api/conversations").send({ usernames: [bob.username], content: "Hi" });
    expect((await start(alice.agent)).status).toBe(201);
    expect((await start(alice.agent)).status).toBe(201);
    const refused = await start(alice.agent);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "You have started too many conversations, please try again later" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another member has a budget of their own.
    expect((await start(carol.agent)).status).toBe(201);
  });

  it("answers 429 with Retry-After past the messages of a minute, per member", async () => {
    const [alice, bob] = [await newMember(), await newMember()];
    const conversation = (await alice.agent.post("/api/conversations").send({ usernames: [bob.username], content: "Hi" })).body.id as number;
    const send = (agent: typeof alice.agent) => agent.post(`/api/conversations/${conversation}/messages`).send({ content: "again" });
    for (let i = 0; i < 3; i++) expect((await send(alice.agent)).status).toBe(201);
    const refused = await send(alice.agent);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "You are sending messages too fast, please wait a moment" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send(bob.agent)).status).toBe(201);
  });
});
