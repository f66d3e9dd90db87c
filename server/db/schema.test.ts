import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { bioCards, invites, posts, topics, userBadges, users } from "./schema";

/** Drizzle wraps the driver's error; the violated constraint (or index) is named on its cause. */
async function expectViolation(query: PromiseLike<unknown>, constraint: string) {
  const error = await Promise.resolve(query).then(
    () => undefined,
    (caught: { cause?: { constraint?: string } }) => caught,
  );
  expect(error?.cause?.constraint).toBe(constraint);
}

describe("database schema", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const addUser = async (username: string) =>
    (await database.db.insert(users).values({ username, password: "hash" }).returning())[0]!;

  it("keeps usernames unique case-insensitively, with their original case", async () => {
    const alice = await addUser("Alice");
    expect(alice.username).toBe("Alice");
    await expectViolation(addUser("aLiCe"), "users_username_lower_idx");
  });

  it("applies the stored defaults of the spec", async () => {
    const bob = await addUser("bob");
    expect(bob).toMatchObject({ isAdmin: false, isBanned: false, postsCount: 0, hasBio: false, isOnline: false, failedLoginAttempts: 0 });
    const [card] = await database.db.insert(bioCards).values({ userId: bob.id }).returning();
    expect(card).toMatchObject({ primaryColor: "#ffffff", themeColor: "#6366f1", boxWidth: 500, boxInnerSpacing: 40, revealScreenText: "Reveal Profile", visibleBadges: null, isPublic: true });
    await expectViolation(database.db.insert(bioCards).values({ userId: bob.id }), "bio_cards_user_id_unique");
  });

  it("refuses a second copy of the same badge and of the same invite code", async () => {
    const carol = await addUser("carol");
    await database.db.insert(userBadges).values({ userId: carol.id, badgeType: "verified" });
    await expectViolation(database.db.insert(userBadges).values({ userId: carol.id, badgeType: "verified" }), "user_badges_user_badge_unique");
    await database.db.insert(invites).values({ code: "ABCDEFGHJKMN" });
    await expectViolation(database.db.insert(invites).values({ code: "ABCDEFGHJKMN" }), "invites_code_unique");
  });

  it("rejects empty and over-long post content at the database too", async () => {
    const dave = await addUser("dave");
    const [topic] = await database.db.insert(topics).values({ title: "t", createdBy: dave.id }).returning();
    await expectViolation(database.db.insert(posts).values({ content: "", topicId: topic!.id, authorId: dave.id }), "posts_content_length");
    await expectViolation(database.db.insert(posts).values({ content: "x".repeat(10_001), topicId: topic!.id, authorId: dave.id }), "posts_content_length");
  });

  it("keeps a topic and its posts when its starter's row goes (credited to nobody), and keeps history when an inviter is deleted", async () => {
    const erin = await addUser("erin");
    const frank = (await database.db.insert(users).values({ username: "frank", password: "h", invitedBy: erin.id }).returning())[0]!;
    const [topic] = await database.db.insert(topics).values({ title: "t", createdBy: erin.id }).returning();
    await database.db.insert(posts).values({ content: "hi", topicId: topic!.id, authorId: frank.id });
    const [invite] = await database.db.insert(invites).values({ code: "QWERTYUPASDF", createdBy: erin.id, usedBy: frank.id }).returning();

    await database.db.delete(users).where(eq(users.id, erin.id));

    // What others wrote outlives its author (docs/product.md "Content outlives its author").
    expect(await database.db.select({ createdBy: topics.createdBy }).from(topics).where(eq(topics.id, topic!.id))).toEqual([{ createdBy: null }]);
    expect(await database.db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.topicId, topic!.id))).toEqual([{ authorId: frank.id }]);
    await database.db.delete(topics).where(eq(topics.id, topic!.id));
    expect(await database.db.select().from(posts).where(eq(posts.topicId, topic!.id))).toEqual([]);
    const [frankAfter] = await database.db.select().from(users).where(eq(users.id, frank.id));
    expect(frankAfter!.invitedBy).toBeNull();
    const [inviteAfter] = await database.db.select().from(invites).where(eq(invites.id, invite!.id));
    expect(inviteAfter).toMatchObject({ createdBy: null, usedBy: frank.id });
  });
});
