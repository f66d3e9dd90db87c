import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REACTIONS } from "@shared/reactions";
import { PreparedAnswers, valuesKey } from "../middlewares/prepared-json";
import type { ReactionCount } from "../queries/reactions";
import { presentPost, type PostRow } from "./post";
import { PostsPageJson } from "./posts-page-json";
import { presentTopicListItem, type TopicReaderState, type TopicRow } from "./topic";
import { TopicListJson } from "./topic-list-json";

// Ids from a small range, so that viewers are often the authors and authors are often blocked.
const memberId = fc.integer({ min: 1, max: 4 });
const date = fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true });
// Silenced or not: what they may do differs, so must their answers' keys.
const viewer = fc.record({ id: memberId, isAdmin: fc.boolean(), isModerator: fc.boolean(), silencedUntil: fc.constantFrom(null, new Date(Date.now() + 86_400_000)) });
// Text with quotes, backslashes, braces, control characters and non-ASCII, as members write it.
const text = fc.string({ unit: fc.constantFrom("a", "\"", "\\", "{", "}", ",", "\n", "\u2028", "é", "😀", "<") });

const postRow = (id: number) =>
  fc.record({
    id: fc.constant(id),
    content: text,
    contentCensored: fc.option(text, { nil: null }),
    html: fc.option(text, { nil: null }),
    topicId: fc.constant(7),
    authorId: memberId,
    isEdited: fc.boolean(),
    hiddenAt: fc.option(date, { nil: null }),
    createdAt: date,
    updatedAt: date,
    authorUsername: text,
    authorAvatar: fc.option(text, { nil: null }),
    authorPostsCount: fc.nat(),
    authorIsAdmin: fc.boolean(),
    authorIsModerator: fc.boolean(),
  }) satisfies fc.Arbitrary<PostRow>;

const reactionCounts = fc.array(fc.record({ reaction: fc.constantFrom(...REACTIONS), count: fc.integer({ min: 1, max: 9 }), reacted: fc.boolean() }), { maxLength: 3 });

const topicRow = (id: number) =>
  fc.record({
    id: fc.constant(id),
    title: text,
    description: fc.option(text, { nil: null }),
    descriptionCensored: fc.option(text, { nil: null }),
    createdBy: memberId,
    postsCount: fc.nat(),
    lastPostAt: fc.option(date, { nil: null }),
    isLocked: fc.boolean(),
    isPinned: fc.boolean(),
    categoryId: fc.nat(),
    tags: fc.array(text, { maxLength: 3 }),
    createdAt: date,
    updatedAt: date,
    authorUsername: text,
    authorAvatar: fc.option(text, { nil: null }),
    authorIsAdmin: fc.boolean(),
    authorIsModerator: fc.boolean(),
  }) as fc.Arbitrary<TopicRow>;

const readerState: fc.Arbitrary<TopicReaderState> = fc.record({ unreadCount: fc.nat(), isNew: fc.boolean(), notificationLevel: fc.constantFrom("tracking", "watching", "muted") as fc.Arbitrary<TopicReaderState["notificationLevel"]> });

describe("a kept posts page's JSON", () => {
  it("is byte for byte what the presenter gives each viewer, text hidden or not, source censored or not, numbered or not", () => {
    const page = fc.integer({ min: 0, max: 6 }).chain((size) => fc.tuple(...Array.from({ length: size }, (_, index) => postRow(index + 1))));
    fc.assert(
      fc.property(page, fc.array(viewer, { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }), fc.array(reactionCounts, { maxLength: 6 }), fc.uniqueArray(memberId), fc.uniqueArray(fc.integer({ min: 1, max: 6 })), fc.uniqueArray(fc.integer({ min: 1, max: 6 })), (rows, viewers, firstNumber, counts, blocked, marked, flaggedIds) => {
        const kept = new PostsPageJson(rows, firstNumber, true);
        const answers = new PreparedAnswers(1024 * 1024);
        const reactions = new Map<number, ReactionCount[]>(counts.flatMap((list, index) => (list.length > 0 ? [[index + 1, list]] : [])));
        const blockedAuthors = new Set(blocked);
        const bookmarked = new Set(marked);
        const flagged = new Set(flaggedIds);
        for (const reader of viewers) {
          const expected = rows.map((row, index) => {
            const post = presentPost(row, reader, { reactions, blockedAuthors, bookmarked, flagged });
            return firstNumber === undefined ? post : { ...post, number: firstNumber + index };
          });
          expect(kept.answerFor(reader, { reactions, blockedAuthors, bookmarked, flagged }, answers).bytes.toString()).toBe(JSON.stringify(expected));
        }
      }),
    );
  });

  it("gives readers with the same parts the same prepared answer, and others their own", () => {
    const rows = fc.sample(postRow(1), { numRuns: 1, seed: 1 }).map((row) => ({ ...row, authorId: 1, hiddenAt: null }));
    const kept = new PostsPageJson(rows, undefined, true);
    const answers = new PreparedAnswers(1024 * 1024);
    const none = { reactions: new Map(), blockedAuthors: new Set<number>(), bookmarked: new Set<number>(), flagged: new Set<number>() };
    const reader = (id: number) => ({ id, isAdmin: false, isModerator: false, silencedUntil: null });
    const first = kept.answerFor(reader(2), none, answers);
    expect(kept.answerFor(reader(3), none, answers)).toBe(first);
    expect(kept.answerFor(reader(1), none, answers)).not.toBe(first);
    expect(kept.answerFor(reader(2), { ...none, blockedAuthors: new Set([1]) }, answers)).not.toBe(first);
    expect(kept.answerFor(reader(2), { ...none, bookmarked: new Set([rows[0]!.id]) }, answers)).not.toBe(first);
    expect(kept.answerFor(reader(2), { ...none, flagged: new Set([rows[0]!.id]) }, answers)).not.toBe(first);
    // The same rows kept again (after a change) are another page: nothing made before is found.
    expect(new PostsPageJson(rows, undefined, true).answerFor(reader(2), none, answers)).not.toBe(first);
    // A page read while nothing is kept makes its answers afresh each time.
    const unkept = new PostsPageJson(rows, undefined, false);
    expect(unkept.answerFor(reader(2), none, answers)).not.toBe(unkept.answerFor(reader(2), none, answers));
  });
});

describe("the kept topic list's JSON", () => {
  it("is byte for byte what the presenter gives each reader, answers kept for one reader never given to another", () => {
    const list = fc.integer({ min: 0, max: 6 }).chain((size) => fc.tuple(...Array.from({ length: size }, (_, index) => topicRow(index + 1))));
    const reader = fc.tuple(viewer, fc.array(readerState, { minLength: 6, maxLength: 6 }));
    fc.assert(
      fc.property(list, fc.array(reader, { minLength: 1, maxLength: 4 }), (rows, readers) => {
        const kept = new TopicListJson(rows, true);
        const answers = new PreparedAnswers(1024 * 1024);
        // Each reader twice: the second answer is the kept one.
        for (const [who, states] of [...readers, ...readers]) {
          const expected = rows.map((row, index) => presentTopicListItem(row, who, states[index]!));
          expect(kept.answerFor(who, states, answers).bytes.toString()).toBe(JSON.stringify(expected));
        }
      }),
    );
  });
});

describe("valuesKey", () => {
  it("is equal for two objects of one shape exactly when their JSON is", () => {
    // Few values, so that pairs often agree, and strings that look like the others or like separators.
    const word = fc.constantFrom("", "0", "true", "null", "a,b", '"', ";", "[]");
    const value = fc.oneof(fc.boolean(), fc.integer({ min: 0, max: 2 }), fc.constant(null), word, fc.array(fc.oneof(word, fc.integer({ min: 0, max: 2 })), { maxLength: 2 }));
    const shaped = fc.tuple(value, value, value).map(([a, b, c]) => ({ a, b, c }));
    fc.assert(
      fc.property(shaped, shaped, (first, second) => {
        expect(valuesKey(first) === valuesKey(second)).toBe(JSON.stringify(first) === JSON.stringify(second));
      }),
    );
  });
});

describe("PreparedAnswers", () => {
  it("keeps answers up to its size, dropping the least recently used first", () => {
    const answers = new PreparedAnswers(80);
    const a = answers.get("a", () => "x".repeat(20));
    const b = answers.get("b", () => "y".repeat(20));
    expect(answers.get("a", () => "other")).toBe(a);
    answers.get("c", () => "z".repeat(20));
    expect(answers.get("a", () => "other")).toBe(a);
    expect(answers.get("b", () => "y".repeat(20))).not.toBe(b);
  });
});
