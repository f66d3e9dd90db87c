// SQL builders for the seed script. Every statement is set-based (INSERT ... SELECT over
// generate_series); Node only sends the statements, word lists (as text[] parameters) and one hash.
import { CARD_STYLES, INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, TEXT_LIMITS } from "@shared/constants";
import { categorySlugBase } from "@shared/category-slug";
import * as W from "./seed-words";

/** A statement's text plus its parameters; word lists become `$n::text[]`, each sent once. */
export class Sql {
  readonly params: unknown[] = [];
  private readonly refs = new Map<unknown, string>();

  param(value: unknown, cast: string): string {
    let ref = this.refs.get(value);
    if (!ref) {
      this.params.push(value);
      ref = `$${this.params.length}::${cast}`;
      this.refs.set(value, ref);
    }
    return ref;
  }

  /** One random element of `list`, drawn again for every row. */
  pick(list: readonly string[]): string {
    return `(${this.param(list, "text[]")})[1 + floor(random() * ${list.length})::int]`;
  }
}

export interface SeedPlan {
  members: number;
  topics: number;
  posts: number;
  comments: number;
  conversations: number;
  /** At least one per conversation (its first). */
  messages: number;
  /** First id of each reserved block: seeded member k (1-based) has id userBase + k - 1. */
  userBase: number;
  topicBase: number;
  postBase: number;
  conversationBase: number;
  messageBase: number;
  /** Distinct post bodies generated first; posts draw one or two of them. */
  texts: number;
  sentences: number;
}

const DAY_SECONDS = 86_400;
/** Seeded members join over the three years before the seed runs (the last one an hour before). */
const HISTORY_DAYS = 1095;
const SPAN = HISTORY_DAYS * DAY_SECONDS - 3600;
const START = `(now() - interval '${HISTORY_DAYS} days')`;

/** An integer we computed, checked before it is written into SQL text. */
function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

/**
 * Member k of n joins at START + SPAN * sqrt((k - 1 + r) / n), r in [0, 1): joins accelerate over
 * time (a growing community), times increase with k, and member 1 joins exactly at START.
 */
function joinedAt(plan: SeedPlan, k: string, r: string): string {
  return `(${START} + make_interval(secs => ${SPAN}::float8 * sqrt(((${k}) - 1 + (${r}))::float8 / ${int(plan.members)})))`;
}

/** How many seeded members (1..k) had surely joined at time t: the inverse of joinedAt, at least 1. */
function joinedBy(plan: SeedPlan, t: string): string {
  const n = int(plan.members);
  return `greatest(1, least(${n}, floor(${n} * power(extract(epoch FROM (${t}) - ${START})::float8 / ${SPAN}, 2))))::int`;
}

/** Every `regularStep`-th member is a "regular" who writes a large share of the posts. */
function regularStep(plan: SeedPlan): number {
  return Math.max(2, Math.floor(plan.members / Math.max(4, Math.floor(plan.members / 50))));
}

/**
 * A writer among the first `joined` members, drawn with `r`: 20% the early members (a steep skew
 * towards the founders), 40% the regulars, 40% anyone who had joined.
 */
function pickWriter(plan: SeedPlan, joined: string, r: string): string {
  const m = int(regularStep(plan));
  return `(CASE WHEN ${r} < 0.2 THEN 1 + floor(power(random(), 3) * ${joined})
    WHEN ${r} < 0.6 AND ${joined} >= ${m} THEN ${m} * (1 + floor(random() * floor(${joined}::float8 / ${m})))
    ELSE 1 + floor(random() * ${joined}) END)::int`;
}

/** `id` is the member's id from its 1-based seed number. */
const memberId = (plan: SeedPlan, k: string) => `(${int(plan.userBase - 1)} + ${k})`;

const inviteCode = () =>
  Array.from(
    { length: INVITE_CODE_LENGTH },
    () => `substr('${INVITE_CODE_ALPHABET}', 1 + floor(random() * ${INVITE_CODE_ALPHABET.length})::int, 1)`,
  ).join(" || ");

/** Uniform integer in 1..n. */
const oneTo = (n: string) => `(1 + floor(random() * ${n})::int)`;

// ------------------------------------------------------------------ text corpus

export function sentencesSql(plan: SeedPlan): [string, Sql][] {
  const q = new Sql();
  const words = `(SELECT string_agg(${q.pick(W.WORDS)}, ' ') FROM generate_series(1, x.n))`;
  const proto = `CASE WHEN random() < 0.85 THEN 'https://' ELSE 'http://' END`;
  const link = `CASE floor(random() * 3)::int
      WHEN 0 THEN 'See ' || ${proto} || ${q.pick(W.LINK_DOMAINS)} || '/' || ${q.pick(W.NOUNS)} || '-' || ${q.pick(W.NOUNS)} || ' for details.'
      WHEN 1 THEN 'More here: ' || ${proto} || ${q.pick(W.LINK_DOMAINS)} || '/posts/' || floor(random() * 100000)::int
      ELSE 'Source: ' || ${proto} || ${q.pick(W.LINK_DOMAINS)} || '/' || ${q.pick(W.NOUNS)} || '?page=' || (1 + floor(random() * 40)::int) END`;
  return [
    [`CREATE TEMP TABLE seed_sentences (id int PRIMARY KEY, body text NOT NULL) ON COMMIT DROP`, new Sql()],
    [
      `INSERT INTO seed_sentences (id, body)
      SELECT x.id, CASE
          WHEN x.kind < 0.05 THEN ${link}
          WHEN x.kind < 0.10 THEN '- ' || ${words}
          WHEN x.kind < 0.25 THEN ${q.pick(W.QUESTION_STARTERS)} || ' ' || ${words} || '?'
          ELSE ${q.pick(W.SENTENCE_STARTERS)} || ' ' || ${words} || CASE WHEN random() < 0.85 THEN '.' ELSE '!' END
        END
      FROM (SELECT id, random() AS kind, 2 + floor(random() * 13)::int AS n
            FROM generate_series(1, ${int(plan.sentences)}) id OFFSET 0) x`,
      q,
    ],
  ];
}

/**
 * Post bodies: mostly one to six sentences, a long tail up to 10,000 characters, with line breaks,
 * blank lines and "- " list lines. Sentences are chosen by hashing, so this is one hash join.
 */
export function textsSql(plan: SeedPlan): [string, Sql][] {
  const ns = int(plan.sentences);
  return [
    [`CREATE TEMP TABLE seed_texts (id int PRIMARY KEY, body text NOT NULL) ON COMMIT DROP`, new Sql()],
    [
      `INSERT INTO seed_texts (id, body)
      SELECT t.id, left(string_agg(s.body,
          CASE WHEN s.body LIKE '- %' THEN E'\\n'
               WHEN hashint8(t.salt + g.i * 7) & 15 = 0 THEN E'\\n\\n'
               WHEN hashint8(t.salt + g.i * 7) & 15 = 1 THEN E'\\n'
               ELSE ' ' END ORDER BY g.i), 10000)
      FROM (SELECT id, floor(random() * 1e12)::bigint AS salt,
                   CASE WHEN r < 0.5 THEN 1 + floor(random() * 2)
                        WHEN r < 0.8 THEN 3 + floor(random() * 4)
                        WHEN r < 0.95 THEN 7 + floor(random() * 14)
                        WHEN r < 0.99 THEN 21 + floor(random() * 40)
                        ELSE 61 + floor(random() * 100) END::int AS n
            FROM (SELECT id, random() AS r FROM generate_series(1, ${int(plan.texts)}) id OFFSET 0) a OFFSET 0) t
      CROSS JOIN LATERAL generate_series(1, t.n) g(i)
      JOIN seed_sentences s ON s.id = 1 + ((hashint8(t.salt + g.i)::bigint + 2147483648) % ${ns})
      GROUP BY t.id`,
      new Sql(),
    ],
  ];
}

// ------------------------------------------------------------------ plans (temporary tables)

const SPECIAL_TOPICS: { title: string; description: string }[] = [
  { title: "General chat", description: "Anything goes. Say what is on your mind." },
  { title: "Introduce yourself", description: "New here? Tell us who you are and who invited you." },
  { title: "Off-topic lounge", description: "For everything that fits nowhere else." },
  { title: "Show off your setup", description: "Desks, workshops, kitchens, gardens: post a photo and tell us about it." },
  { title: "Feedback and suggestions", description: "Ideas for the site and the community. The best ones earn a badge." },
  { title: "Forum rules and guidelines", description: "Be kind, no spam, do not share invite codes in public. Read before posting." },
];

/**
 * The topics to create, with how many posts each gets: weights ~ popularity^-1.2 (times 0.5-1.5),
 * a long tail: with 10,000 topics and 1M posts the first gets ~13%, a dozen get 10,000+, the median
 * topic ~8, 3% none. The five most popular are the site's standing threads (all by the founder);
 * with six or more topics the least popular one is the pinned, locked rules thread. Ids follow
 * creation time.
 */
export function topicPlanSql(plan: SeedPlan): [string, Sql][] {
  const t = int(plan.topics);
  const titles = SPECIAL_TOPICS.map((topic) => topic.title);
  const descriptions = SPECIAL_TOPICS.map((topic) => topic.description);
  const q = new Sql();
  const cap = (list: readonly string[]) => q.pick(list.map((word) => word[0]!.toUpperCase() + word.slice(1)));
  const noun = () => q.pick(W.TOPIC_NOUNS);
  const title = `CASE floor(random() * 10)::int
      WHEN 0 THEN initcap(${q.pick(W.ADJECTIVES)}) || ' ' || ${noun()} || ' thread'
      WHEN 1 THEN 'Thoughts on ' || ${noun()} || '?'
      WHEN 2 THEN 'How do you ' || ${q.pick(W.TOPIC_VERBS)} || ' your ' || ${noun()} || '?'
      WHEN 3 THEN ${cap(W.TOPIC_NOUNS)} || ' recommendations for ' || (2023 + floor(random() * 4)::int)
      WHEN 4 THEN 'Help: cannot ' || ${q.pick(W.TOPIC_VERBS)} || ' my ' || ${noun()}
      WHEN 5 THEN 'Weekly ' || ${noun()} || ' discussion #' || (1 + floor(random() * 150)::int)
      WHEN 6 THEN 'Hot takes about ' || ${noun()}
      WHEN 7 THEN ${cap(W.TOPIC_NOUNS)} || ' vs ' || ${noun()} || ': which one?'
      WHEN 8 THEN 'Getting started with ' || ${noun()}
      ELSE 'Your ' || ${noun()} || ' horror stories' END`;
  const description = `CASE floor(random() * 5)::int
      WHEN 0 THEN 'All things ' || ${noun()} || '. Tips, questions and photos welcome.'
      WHEN 1 THEN 'A thread for ' || ${noun()} || ' fans.'
      WHEN 2 THEN 'Post your ' || ${noun()} || ' questions here, no question is too basic.'
      ELSE NULL END`;
  return [
    [
      `CREATE TEMP TABLE seed_topic_plan ON COMMIT DROP AS
      SELECT (${int(plan.topicBase - 1)} + row_number() OVER (ORDER BY x.created_at, x.popularity))::int AS id,
             x.popularity, x.special, x.created_at,
             CASE WHEN x.special IS NOT NULL THEN 1 ELSE ${pickWriter(plan, "x.joined", "x.r")} END AS author_k,
             0::float8 AS weight, 0 AS posts, NULL::text AS title, NULL::text AS description,
             false AS is_pinned, false AS is_locked
      FROM (SELECT a.*, ${joinedBy(plan, "a.created_at")} AS joined, random() AS r
            FROM (SELECT popularity, special,
                         CASE WHEN special = 6 THEN ${START} + interval '1 minute'
                              WHEN special IS NOT NULL THEN ${START} + make_interval(secs => ${SPAN} * 0.003 * popularity)
                              ELSE ${START} + make_interval(secs => ${SPAN} * (0.02 + 0.98 * sqrt(random()))) END AS created_at
                  FROM (SELECT popularity, CASE WHEN popularity <= 5 THEN popularity
                                                WHEN popularity = ${t} AND ${t} >= 6 THEN 6 END AS special
                        FROM generate_series(1, ${t}) popularity) p
                  OFFSET 0) a
            OFFSET 0) x`,
      new Sql(),
    ],
    [
      `UPDATE seed_topic_plan SET
         title = CASE WHEN special IS NOT NULL THEN (${q.param(titles, "text[]")})[special] ELSE ${title} END,
         description = CASE WHEN special IS NOT NULL THEN (${q.param(descriptions, "text[]")})[special] ELSE ${description} END,
         is_pinned = coalesce(special IN (1, 2, 6), false) OR (special IS NULL AND random() < 0.003),
         is_locked = coalesce(special = 6, false) OR (special IS NULL AND random() < 0.02),
         weight = CASE WHEN popularity = 1 THEN 1.3 * power(2, -1.2)
                       WHEN special IS NOT NULL THEN power(popularity, -1.2)
                       WHEN random() < 0.03 THEN 0
                       ELSE (0.5 + random()) * power(popularity, -1.2) END`,
      q,
    ],
    [
      `UPDATE seed_topic_plan SET posts = floor(${int(plan.posts)} * weight / (SELECT sum(weight) FROM seed_topic_plan))::int`,
      new Sql(),
    ],
    [
      `UPDATE seed_topic_plan SET posts = posts + (${int(plan.posts)} - (SELECT sum(posts) FROM seed_topic_plan))::int WHERE popularity = 1`,
      new Sql(),
    ],
  ];
}

/**
 * One row per post: a time between its topic's creation and now, a writer who had joined by then,
 * and one or two bodies. `rn` orders posts by time, so ids follow created_at across the whole table.
 */
export function postPlanSql(plan: SeedPlan): [string, Sql][] {
  const nt = int(plan.texts);
  return [
    [
      `CREATE TEMP TABLE seed_post_plan ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY c.created_at, c.topic_id)::int AS rn, c.*
      FROM (SELECT b.topic_id, b.created_at, ${pickWriter(plan, "b.joined", "b.r")} AS author_k,
                   1 + floor(random() * ${nt})::int AS text1,
                   CASE WHEN random() < 0.25 THEN 1 + floor(random() * ${nt})::int END AS text2,
                   random() < 0.03 AS is_edited
            FROM (SELECT a.*, ${joinedBy(plan, "a.created_at")} AS joined, random() AS r
                  FROM (SELECT tp.id AS topic_id, tp.created_at + (now() - tp.created_at) * (1 - random()) AS created_at
                        FROM seed_topic_plan tp CROSS JOIN LATERAL generate_series(1, tp.posts) g
                        OFFSET 0) a
                  OFFSET 0) b
            OFFSET 0) c`,
      new Sql(),
    ],
  ];
}

// ------------------------------------------------------------------ inserts

export function membersSql(plan: SeedPlan, passwordHash: string): Sql & { text: string } {
  const q = new Sql();
  const n = int(plan.members);
  const ub = int(plan.userBase);
  const stem = `CASE floor(random() * 5)::int
      WHEN 0 THEN initcap(${q.pick(W.ADJECTIVES)}) || initcap(${q.pick(W.NOUNS)})
      WHEN 1 THEN ${q.pick(W.ADJECTIVES)} || '_' || ${q.pick(W.NOUNS)}
      WHEN 2 THEN ${q.pick(W.ADJECTIVES)} || '-' || ${q.pick(W.NOUNS)}
      WHEN 3 THEN ${q.pick(W.NOUNS)}
      ELSE initcap(${q.pick(W.FIRST_NAMES)}) || CASE WHEN random() < 0.5 THEN '_' ELSE '' END END`;
  const bio = `CASE floor(random() * 4)::int
      WHEN 0 THEN initcap(${q.pick(W.ADJECTIVES)}) || ' ' || ${q.pick(W.ROLES)} || ' from ' || ${q.pick(W.CITIES)} || '.'
      WHEN 1 THEN 'Into ' || ${q.pick(W.TOPIC_NOUNS)} || ' and ' || ${q.pick(W.TOPIC_NOUNS)} || '.'
      WHEN 2 THEN initcap(${q.pick(W.ROLES)}) || ' by day, ' || ${q.pick(W.TOPIC_NOUNS)} || ' nerd by night.'
      ELSE 'Just here for the ' || ${q.pick(W.TOPIC_NOUNS)} || ' threads. Say hi!' END`;
  // Members 1-3 founded the site; 4-13 were invited by the founder (so the founder always has the
  // inviter badge); later members by someone earlier, half of the time one of the first members.
  const invitedBy = `CASE WHEN a.k <= 3 THEN NULL
      WHEN a.k <= 13 THEN ${ub}
      WHEN a.r_inv < 0.5 THEN ${ub} + floor(power(random(), 3) * (a.k - 1))::int
      ELSE ${ub} + floor(random() * (a.k - 1))::int END`;
  const text = `
    INSERT INTO users (id, username, password, email, bio, website, twitter, github, discord, telegram, location,
      is_admin, is_banned, ban_reason, ban_expires_at, banned_by, invited_by, posts_count, last_seen_at, has_bio,
      created_at, updated_at)
    SELECT c.id, c.username, ${q.param(passwordHash, "text")},
      CASE WHEN c.r1 < 0.45 THEN lower(c.username) || '@example.com' END,
      CASE WHEN c.r2 < 0.35 THEN ${bio} END,
      CASE WHEN c.r3 < 0.12 THEN 'https://' || replace(lower(c.username), '_', '-') || '.example.com' END,
      CASE WHEN c.r4 < 0.15 THEN lower(c.username) END,
      CASE WHEN c.r5 < 0.12 THEN c.username END,
      CASE WHEN c.r6 < 0.10 THEN lower(c.username) END,
      CASE WHEN c.r7 < 0.08 THEN lower(c.username) END,
      CASE WHEN c.r8 < 0.25 THEN ${q.pick(W.CITIES)} END,
      c.is_admin, c.is_banned,
      CASE WHEN c.is_banned THEN ${q.pick(W.BAN_REASONS)} END,
      CASE WHEN c.is_banned AND c.r_ban < 0.0185 AND c.r_ban >= 0.01 THEN now() + make_interval(days => 1 + floor(random() * 29)::int)
           WHEN c.is_banned AND c.r_ban >= 0.0185 THEN now() - (now() - c.created_at) * random() END,
      CASE WHEN c.is_banned THEN ${ub} + floor(random() * 2)::int END,
      c.invited_by, coalesce(pc.n, 0),
      c.created_at + (now() - c.created_at) * (1 - power(random(), 4)),
      c.k % 19 = 3,
      c.created_at, c.created_at
    FROM (SELECT b.*, CASE WHEN EXISTS (SELECT 1 FROM users e WHERE lower(e.username) = lower(b.candidate))
                           THEN 'member' || b.id ELSE b.candidate END AS username
          FROM (SELECT a.*, left(a.stem, ${TEXT_LIMITS.usernameMax} - length(a.id::text)) || a.id AS candidate,
                       a.k <= 2 OR a.r_admin < least(0.01, 8.0 / ${n}) AS is_admin,
                       a.k > 2 AND a.r_admin >= least(0.01, 8.0 / ${n}) AND a.r_ban < 0.025 AS is_banned,
                       ${invitedBy} AS invited_by
                FROM (SELECT k, ${memberId(plan, "k")} AS id, ${joinedAt(plan, "k", "CASE WHEN k = 1 THEN 0 ELSE random() END")} AS created_at,
                             ${stem} AS stem, random() AS r_admin, random() AS r_ban, random() AS r_inv,
                             random() AS r1, random() AS r2, random() AS r3, random() AS r4,
                             random() AS r5, random() AS r6, random() AS r7, random() AS r8
                      FROM generate_series(1, ${n}) k OFFSET 0) a
                OFFSET 0) b
          OFFSET 0) c
    LEFT JOIN (SELECT author_k, count(*)::int AS n FROM seed_post_plan GROUP BY author_k) pc ON pc.author_k = c.k
    ORDER BY c.id`;
  return Object.assign(q, { text });
}

/**
 * A used invite for every seeded member (created by and assigned to the inviter, or by the system
 * for the founders, used when the member joined), then unused ones: active unassigned, active
 * assigned to a member (30 days, like the admin's), and expired.
 */
export function invitesSql(plan: SeedPlan): Sql & { text: string } {
  const q = new Sql();
  const n = plan.members;
  const ub = int(plan.userBase);
  const admin = `${ub} + floor(random() * 2)::int`;
  const text = `
    INSERT INTO invites (code, created_by, assigned_to, used_by, expires_at, created_at, used_at)
    SELECT ${inviteCode()}, x.created_by, x.assigned_to, x.used_by, x.expires_at, x.created_at, x.used_at
    FROM (
      SELECT u.invited_by AS created_by, u.invited_by AS assigned_to, u.id AS used_by,
             CASE WHEN u.invited_by IS NOT NULL AND random() < 0.5 THEN u.issued + interval '30 days' END AS expires_at,
             u.issued AS created_at, u.created_at AS used_at
      FROM (SELECT u.id, u.invited_by, u.created_at,
                   u.created_at - least(u.created_at - coalesce(i.created_at, u.created_at - interval '1 day'), interval '30 days') * random() AS issued
            FROM users u LEFT JOIN users i ON i.id = u.invited_by
            WHERE u.id BETWEEN ${ub} AND ${int(plan.userBase + n - 1)}
            OFFSET 0) u
      UNION ALL
      SELECT ${admin}, NULL, NULL,
             CASE WHEN random() < 0.5 THEN now() + make_interval(days => 1 + floor(random() * 120)::int) END,
             now() - random() * interval '60 days', NULL
      FROM generate_series(1, ${int(2 + Math.floor(n / 100))})
      UNION ALL
      SELECT ${admin}, ${memberId(plan, oneTo(joinedBy(plan, "a.created_at")))}, NULL, a.created_at + interval '30 days', a.created_at, NULL
      FROM (SELECT now() - random() * interval '29 days' AS created_at FROM generate_series(1, ${int(2 + Math.floor(n / 50))}) OFFSET 0) a
      UNION ALL
      SELECT ${admin}, CASE WHEN random() < 0.5 THEN ${memberId(plan, oneTo(joinedBy(plan, "a.created_at")))} END,
             NULL, a.created_at + interval '30 days', a.created_at, NULL
      FROM (SELECT now() - interval '31 days' - random() * interval '365 days' AS created_at
            FROM generate_series(1, ${int(2 + Math.floor(n / 50))}) OFFSET 0) a
    ) x
    ORDER BY x.created_at`;
  return Object.assign(q, { text });
}

export function topicsSql(plan: SeedPlan): string {
  return `
    INSERT INTO topics (id, title, description, created_by, posts_count, last_post_at, is_locked, is_pinned, created_at, updated_at)
    SELECT tp.id, tp.title, tp.description, ${memberId(plan, "tp.author_k")}, tp.posts, lp.last_post_at,
           tp.is_locked, tp.is_pinned, tp.created_at, tp.created_at
    FROM seed_topic_plan tp
    LEFT JOIN (SELECT topic_id, max(created_at) AS last_post_at FROM seed_post_plan GROUP BY topic_id) lp ON lp.topic_id = tp.id
    ORDER BY tp.id`;
}

export function postsSql(plan: SeedPlan): string {
  return `
    INSERT INTO posts (id, content, topic_id, author_id, is_edited, created_at, updated_at)
    SELECT ${int(plan.postBase - 1)} + p.rn,
           CASE WHEN t2.body IS NULL THEN t1.body ELSE left(t1.body || E'\\n\\n' || t2.body, 10000) END,
           p.topic_id, ${memberId(plan, "p.author_k")}, p.is_edited, p.created_at,
           CASE WHEN p.is_edited THEN least(now(), p.created_at + random() * interval '2 days') ELSE p.created_at END
    FROM seed_post_plan p
    JOIN seed_texts t1 ON t1.id = p.text1
    LEFT JOIN seed_texts t2 ON t2.id = p.text2`;
}

/** Comments between members who had both joined, on popular (early) profiles more often. */
export function commentsSql(plan: SeedPlan): string {
  const n = plan.members;
  const low = Math.min(1, 2.5 / n);
  const ns = int(plan.sentences);
  return `
    INSERT INTO profile_comments (profile_user_id, author_id, content, created_at)
    SELECT ${memberId(plan, "CASE WHEN c.profile_k = c.author_k THEN c.profile_k % c.joined + 1 ELSE c.profile_k END")},
           ${memberId(plan, "c.author_k")},
           left(s1.body || coalesce(' ' || s2.body, ''), 1000),
           c.created_at
    FROM (SELECT b.*, ${pickWriter(plan, "b.joined", "b.r")} AS author_k,
                 (CASE WHEN random() < 0.3 THEN 1 + floor(power(random(), 3) * b.joined)
                       ELSE 1 + floor(random() * b.joined) END)::int AS profile_k,
                 1 + floor(random() * ${ns})::int AS s1,
                 CASE WHEN random() < 0.4 THEN 1 + floor(random() * ${ns})::int END AS s2
          FROM (SELECT a.created_at, ${joinedBy(plan, "a.created_at")} AS joined, random() AS r
                FROM (SELECT ${START} + make_interval(secs => ${SPAN} * sqrt(${low} + ${1 - low} * random())) AS created_at
                      FROM generate_series(1, ${int(plan.comments)}) OFFSET 0) a
                OFFSET 0) b
          OFFSET 0) c
    JOIN seed_sentences s1 ON s1.id = c.s1
    LEFT JOIN seed_sentences s2 ON s2.id = c.s2
    ORDER BY c.created_at`;
}

/** Manual badges granted by the founder (an admin); `owner` to the founder when it is the site's first account. */
export function badgesSql(plan: SeedPlan): string {
  const ub = int(plan.userBase);
  return `
    INSERT INTO user_badges (user_id, badge_type, granted_by, granted_at)
    SELECT u.id, b.badge_type, ${ub}, u.created_at + (now() - u.created_at) * random()
    FROM users u
    JOIN (VALUES ('verified', 47, 5), ('suggestor', 89, 11), ('trusted_user', 61, 17)) b(badge_type, m, r)
      ON (u.id - ${ub} + 1) % b.m = b.r
    WHERE u.id BETWEEN ${ub} AND ${int(plan.userBase + plan.members - 1)}
    UNION ALL
    SELECT u.id, 'owner', NULL, u.created_at FROM users u
    WHERE u.id = ${ub}
      AND NOT EXISTS (SELECT 1 FROM users e WHERE e.id < ${ub})
      AND NOT EXISTS (SELECT 1 FROM user_badges ub WHERE ub.badge_type = 'owner')`;
}

/** A bio card for the members marked has_bio (about 5%), built from their profile. */
export function bioCardsSql(plan: SeedPlan): Sql & { text: string } {
  const q = new Sql();
  const text = `
    INSERT INTO bio_cards (user_id, display_name, bio_text, location, website, twitter, github, theme_color, card_style,
                           views_count, created_at, updated_at)
    SELECT u.id, u.username, coalesce(u.bio, 'Hi, I am ' || u.username || '.'), u.location, u.website, u.twitter, u.github,
           ${q.pick(W.THEME_COLORS)}, ${q.pick(CARD_STYLES)}, floor(power(random(), 3) * 20000)::int,
           u.created_at + (now() - u.created_at) * 0.05, u.created_at + (now() - u.created_at) * 0.05
    FROM users u
    WHERE u.id BETWEEN ${int(plan.userBase)} AND ${int(plan.userBase + plan.members - 1)} AND u.has_bio
    ORDER BY u.id`;
  return Object.assign(q, { text });
}

// ------------------------------------------------------------------ private messages

/**
 * Conversations (more of them lately) of 2 members mostly, up to 10, the first member (who starts
 * it and writes its first message) far more often one of the early members, so the first members
 * have full lists; then the messages, about `power(rank, -0.8)` of them each (a few long ones), by
 * its members, over the time since it began. Members drawn twice are kept once, and a conversation
 * left with one member is dropped (the counts printed are the rows made).
 */
export function conversationsSql(plan: SeedPlan): [string, Sql][] {
  const n = int(plan.conversations);
  const q = new Sql();
  return [
    [
      `CREATE TEMP TABLE seed_conversation_plan ON COMMIT DROP AS
      SELECT (${int(plan.conversationBase - 1)} + row_number() OVER (ORDER BY a.created_at, a.weight))::int AS id, a.*,
             ${joinedBy(plan, "a.created_at")} AS joined, 0 AS messages, NULL::int[] AS members
      FROM (SELECT ${START} + make_interval(secs => ${SPAN} * sqrt(0.02 + 0.98 * random())) AS created_at,
                   CASE WHEN r < 0.7 THEN 2 WHEN r < 0.9 THEN 3 + floor(random() * 2)::int ELSE 5 + floor(random() * 6)::int END AS size,
                   (0.5 + random()) * power(g, -0.8) AS weight
            FROM (SELECT g, random() AS r FROM generate_series(1, ${n}) g OFFSET 0) x
            OFFSET 0) a`,
      new Sql(),
    ],
    [
      `UPDATE seed_conversation_plan c SET members = m.members
       FROM (SELECT conversation_id, array_agg(k ORDER BY position) AS members
             FROM (SELECT DISTINCT ON (c.id, d.k) c.id AS conversation_id, d.k, d.position
                   FROM seed_conversation_plan c
                   CROSS JOIN LATERAL (SELECT g AS position,
                                              CASE WHEN g = 1 THEN 1 + floor(power(random(), 3) * c.joined)::int
                                                   ELSE 1 + floor(random() * c.joined)::int END AS k
                                       FROM generate_series(1, c.size) g) d
                   ORDER BY c.id, d.k, d.position) drawn
             GROUP BY conversation_id) m
       WHERE m.conversation_id = c.id`,
      new Sql(),
    ],
    [`DELETE FROM seed_conversation_plan WHERE cardinality(members) < 2`, new Sql()],
    [
      `UPDATE seed_conversation_plan SET messages = 1 + floor(greatest(0, ${int(plan.messages)} - (SELECT count(*) FROM seed_conversation_plan))
         * weight / (SELECT sum(weight) FROM seed_conversation_plan))::int`,
      new Sql(),
    ],
    [
      `UPDATE seed_conversation_plan SET messages = messages + greatest(0, ${int(plan.messages)} - (SELECT sum(messages) FROM seed_conversation_plan))::int
       WHERE id = (SELECT id FROM seed_conversation_plan ORDER BY weight DESC LIMIT 1)`,
      new Sql(),
    ],
    [
      `CREATE TEMP TABLE seed_message_plan ON COMMIT DROP AS
      SELECT (${int(plan.messageBase - 1)} + row_number() OVER (ORDER BY b.created_at, b.conversation_id))::int AS id, b.*
      FROM (SELECT c.id AS conversation_id,
                   CASE WHEN g = 1 THEN c.created_at ELSE c.created_at + (now() - c.created_at) * random() END AS created_at,
                   CASE WHEN g = 1 THEN c.members[1] ELSE c.members[1 + floor(random() * cardinality(c.members))::int] END AS author_k,
                   1 + floor(random() * ${int(plan.sentences)})::int AS s1,
                   CASE WHEN random() < 0.3 THEN 1 + floor(random() * ${int(plan.sentences)})::int END AS s2
            FROM seed_conversation_plan c CROSS JOIN LATERAL generate_series(1, c.messages) g
            OFFSET 0) b`,
      new Sql(),
    ],
    [
      `INSERT INTO conversations (id, title, created_at)
       SELECT id, CASE WHEN cardinality(members) > 2 AND random() < 0.6 THEN 'About ' || ${q.pick(W.TOPIC_NOUNS)} END, created_at
       FROM seed_conversation_plan ORDER BY id`,
      q,
    ],
    [
      // The sentences carry no Markdown beyond bare links and "- " starts: one paragraph, escaped, is
      // what the renderer would make of most of them.
      `INSERT INTO messages (id, conversation_id, author_id, content, html, plain_text, created_at)
       SELECT p.id, p.conversation_id, ${memberId(plan, "p.author_k")}, t.body,
              '<p>' || replace(replace(replace(t.body, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', t.body, p.created_at
       FROM seed_message_plan p
       JOIN seed_sentences s1 ON s1.id = p.s1
       LEFT JOIN seed_sentences s2 ON s2.id = p.s2
       CROSS JOIN LATERAL (SELECT s1.body || coalesce(' ' || s2.body, '') AS body) t
       ORDER BY p.id`,
      new Sql(),
    ],
    [
      // Most members have read all of it; the others stopped somewhere before its end.
      `INSERT INTO conversation_participants (conversation_id, user_id, last_message_id, last_read_message_id, joined_at)
       SELECT c.id, ${memberId(plan, "m.k")}, span.last,
              CASE WHEN random() < 0.7 THEN span.last ELSE span.first + floor(random() * (span.last - span.first))::int END,
              c.created_at
       FROM seed_conversation_plan c
       CROSS JOIN LATERAL unnest(c.members) AS m(k)
       JOIN (SELECT conversation_id, min(id) AS first, max(id) AS last FROM seed_message_plan GROUP BY conversation_id) span
         ON span.conversation_id = c.id
       ORDER BY c.id, m.k`,
      new Sql(),
    ],
  ];
}

// ------------------------------------------------------------------ counters

/** Recomputed for every row from the real posts (not only seeded ones); rows already right are not touched. */
export const COUNTER_UPDATES = {
  users: `
    UPDATE users u SET posts_count = a.n
    FROM (SELECT x.id, coalesce(p.n, 0)::int AS n
          FROM users x LEFT JOIN (SELECT author_id, count(*) AS n FROM posts GROUP BY author_id) p ON p.author_id = x.id) a
    WHERE a.id = u.id AND u.posts_count <> a.n`,
  topics: `
    UPDATE topics t SET posts_count = a.n, last_post_at = a.last_post_at
    FROM (SELECT x.id, coalesce(p.n, 0)::int AS n, p.last_post_at
          FROM topics x
          LEFT JOIN (SELECT topic_id, count(*) AS n, max(created_at) AS last_post_at FROM posts GROUP BY topic_id) p
            ON p.topic_id = x.id) a
    WHERE a.id = t.id AND (t.posts_count <> a.n OR t.last_post_at IS DISTINCT FROM a.last_post_at)`,
};

/** The seed's categories beside General (added when no category has the name or slug). */
const SEED_CATEGORIES: [name: string, description: string, color: string][] = [
  ["Announcements", "News about this community.", "#ef4444"],
  ["Help", "Stuck? Ask here.", "#f59e0b"],
  ["Show & Tell", "Things you made.", "#10b981"],
  ["Hardware", "Machines, parts and gadgets.", "#3b82f6"],
  ["Software", "Programs, languages and tools.", "#8b5cf6"],
  ["Off Topic", "Anything else.", "#ec4899"],
  ["Meta", "About the forum itself.", "#6b7280"],
];

/**
 * Categories and tags for the new topics: the seed's categories (made once), each topic in one of
 * them (General and the first ones more often) with 0-5 tags drawn from the topic nouns (the first
 * ones far more often), so the filtered lists have skewed, realistic sizes. The triggers count them.
 */
export function categoriesAndTagsSql(plan: SeedPlan): [string, Sql][] {
  const q = new Sql();
  const names = q.param(SEED_CATEGORIES.map(([name]) => name), "text[]");
  const descriptions = q.param(SEED_CATEGORIES.map(([, description]) => description), "text[]");
  const colors = q.param(SEED_CATEGORIES.map(([, , color]) => color), "text[]");
  const slugs = q.param(SEED_CATEGORIES.map(([name]) => categorySlugBase(name)), "text[]");
  const t = new Sql();
  const vocabulary = t.param([...new Set(W.TOPIC_NOUNS.map(categorySlugBase))].filter((tag) => tag.length <= 30), "text[]");
  return [
    [
      `INSERT INTO categories (name, slug, description, color, position)
       SELECT c.name, c.slug, c.description, c.color, (SELECT coalesce(max(position), 0) FROM categories) + row_number() OVER (ORDER BY c.n)
       FROM unnest(${names}, ${slugs}, ${descriptions}, ${colors}) WITH ORDINALITY AS c(name, slug, description, color, n)
       WHERE NOT EXISTS (SELECT 1 FROM categories x WHERE lower(x.name) = lower(c.name) OR x.slug = c.slug)
       ORDER BY c.n`,
      q,
    ],
    [
      `UPDATE topics t SET
         category_id = ids.all_ids[1 + floor(power(random(), 1.5) * cardinality(ids.all_ids))::int],
         tags = ARRAY(SELECT DISTINCT (${vocabulary})[1 + floor(power(random(), 2.5) * cardinality(${vocabulary}))::int]
                      FROM generate_series(1, floor(random() * 6)::int + 0 * t.id))
       FROM (SELECT array_agg(id ORDER BY position) AS all_ids FROM categories) ids
       WHERE t.id BETWEEN ${int(plan.topicBase)} AND ${int(plan.topicBase + plan.topics - 1)}`,
      t,
    ],
  ];
}
