import { eq, sql } from "drizzle-orm";
import request from "supertest";
import type { Express } from "express";
import { hashPassword } from "../auth/password";
import { createInvite, type CreateInviteInput } from "../commands/create-invite";
import type { Db } from "../db/client";
import { posts, topics, users } from "../db/schema";

export const PASSWORD = "Secret123";
let counter = 0;

/** A username no other test in the file has used. */
export const uniqueName = (prefix = "member") => `${prefix}_${process.pid % 1000}_${++counter}`;

export async function inviteCode(db: Db, input: CreateInviteInput = {}): Promise<string> {
  return (await createInvite(db, input)).code;
}

/** A real bcrypt hash of each password, made once per test file: one costs ~70 ms of CPU, and members share passwords. */
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password, 10)));
  return hash;
}

/** Inserts a member directly (with a real password hash), for tests that are not about registration. */
export async function insertMember(db: Db, values: Partial<typeof users.$inferInsert> = {}, password = PASSWORD) {
  const [user] = await db
    .insert(users)
    .values({ username: uniqueName(), password: await passwordHash(password), ...values })
    .returning();
  return user!;
}

/**
 * Inserts `count` posts at once (much faster than as many requests) and keeps the counters the app
 * keeps (the topic's posts and last post, the author's posts), so answers built on them stay true.
 * Returns their ids in order.
 */
export async function insertPosts(db: Db, { topicId, authorId, count }: { topicId: number; authorId: number; count: number }): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(posts)
      .values(Array.from({ length: count }, (_, i) => ({ content: `post ${i}`, topicId, authorId })))
      .returning({ id: posts.id });
    await tx.update(topics).set({ postsCount: sql`${topics.postsCount} + ${count}`, lastPostAt: sql`now()` }).where(eq(topics.id, topicId));
    await tx.update(users).set({ postsCount: sql`${users.postsCount} + ${count}` }).where(eq(users.id, authorId));
    return rows.map((row) => row.id);
  });
}

export async function signedInAgent(app: Express, username: string, password = PASSWORD) {
  const agent = request.agent(app);
  const res = await agent.post("/api/auth/login").send({ username, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return agent;
}

export async function readUser(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user!;
}

export type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** A member, signed in, who has made their bio card (POST /api/bio). */
export async function insertCardOwner(t: { app: Express; database: { db: Db } }, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertMember(t.database.db, values);
  const agent = await signedInAgent(t.app, user.username);
  const created = await agent.post("/api/bio");
  if (created.status !== 201) throw new Error(`POST /api/bio answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { user, agent };
}

/** The usual cast of a permissions test, each signed in: two members (alice, bob) and an administrator. */
export async function memberCast(t: { app: Express; database: { db: Db } }) {
  const a = await insertMember(t.database.db);
  const b = await insertMember(t.database.db);
  const m = await insertMember(t.database.db, { isAdmin: true });
  return {
    aliceId: a.id,
    bobId: b.id,
    alice: await signedInAgent(t.app, a.username),
    bob: await signedInAgent(t.app, b.username),
    moderator: await signedInAgent(t.app, m.username),
  };
}

/** A browser's user agent: requests without one count as bots (policies/visit.ts). */
export const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

/**
 * Visitors are told apart by address (visitors/visitor-keys.ts). An app under test created with
 * `BEHIND_PROXY` takes it from X-Forwarded-For, so `.set(...fromAddress(n))` is another visitor.
 */
export const BEHIND_PROXY = { TRUST_PROXY: "true" };
export const fromAddress = (n: number) => ["X-Forwarded-For", `203.0.113.${n}`] as const;

/** The 400 answer of a write that takes no body (middlewares/validate.ts `noBody`) to `{ isAdmin: true }`. */
export const IS_ADMIN_REFUSED = { message: 'Unrecognized key: "isAdmin"', errors: [{ path: "", message: 'Unrecognized key: "isAdmin"' }] };
