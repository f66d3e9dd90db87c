import { describe, expect, it } from "vitest";
import { NEW_MEMBER_LIMITS } from "@shared/moderation";
import {
  ADMINS_CANNOT_BE_BANNED,
  ADMINS_CANNOT_BE_DELETED,
  ADMINS_CANNOT_BE_SILENCED,
  banRefusal,
  inviteRevocationRefusal,
  ONLY_ADMINS_HANDLE_INVITES,
  memberDeletionRefusal,
  MODERATOR_BAN_LIMIT,
  NOT_YOUR_OWN_ROLE,
  ONLY_ADMINS_ACT_ON_STAFF,
  ONLY_ADMINS_CHANGE_PERMANENT_BANS,
  roleChangeRefusal,
  silenceRefusalFor,
  STAFF_ONLY,
  unbanRefusal,
} from "./moderation";
import { canDeletePost, canModerateTopic } from "./forum";
import { canDeleteProfileComment } from "./profile-comment";
import { isOverNewMemberLimit, newMemberPeriodEnd } from "./new-member";
import { silenceRefusal } from "./silence";

const NOW = new Date("2026-11-26T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

const notBanned = { isBanned: false, banExpiresAt: null };
const member = { id: 1, isAdmin: false, isModerator: false, ...notBanned };
const otherMember = { id: 2, isAdmin: false, isModerator: false, ...notBanned };
const moderator = { id: 3, isAdmin: false, isModerator: true, ...notBanned };
const otherModerator = { id: 4, isAdmin: false, isModerator: true, ...notBanned };
const admin = { id: 5, isAdmin: true, isModerator: false, ...notBanned };
const otherAdmin = { id: 6, isAdmin: true, isModerator: false, ...notBanned };

describe("bans", () => {
  it("a moderator bans a member for up to 30 days", () => {
    expect(banRefusal(moderator, member, inDays(30), NOW)).toBeNull();
  });
  it("a moderator may not ban for longer than 30 days", () => {
    expect(banRefusal(moderator, member, new Date(inDays(30).getTime() + 1000), NOW)).toBe(MODERATOR_BAN_LIMIT);
  });
  it("a moderator may not ban permanently", () => {
    expect(banRefusal(moderator, member, null, NOW)).toBe(MODERATOR_BAN_LIMIT);
  });
  it("an administrator bans for any length or for good", () => {
    expect(banRefusal(admin, member, null, NOW)).toBeNull();
    expect(banRefusal(admin, member, inDays(365), NOW)).toBeNull();
  });
  it("only an administrator bans a moderator", () => {
    expect(banRefusal(moderator, otherModerator, inDays(1), NOW)).toBe(ONLY_ADMINS_ACT_ON_STAFF);
    expect(banRefusal(admin, moderator, null, NOW)).toBeNull();
  });
  it("nobody bans an administrator", () => {
    expect(banRefusal(otherAdmin, admin, null, NOW)).toBe(ADMINS_CANNOT_BE_BANNED);
    expect(banRefusal(moderator, admin, inDays(1), NOW)).toBe(ADMINS_CANNOT_BE_BANNED);
  });
  it("a permanent ban is an administrator's to change or lift; a moderator may lift or change a ban with an end", () => {
    const banForGood = { ...member, isBanned: true, banExpiresAt: null };
    const bannedForAWeek = { ...member, isBanned: true, banExpiresAt: inDays(7) };
    expect(unbanRefusal(moderator, banForGood)).toBe(ONLY_ADMINS_CHANGE_PERMANENT_BANS);
    expect(banRefusal(moderator, banForGood, inDays(3), NOW)).toBe(ONLY_ADMINS_CHANGE_PERMANENT_BANS);
    expect(unbanRefusal(admin, banForGood)).toBeNull();
    expect(unbanRefusal(moderator, bannedForAWeek)).toBeNull();
    expect(banRefusal(moderator, bannedForAWeek, inDays(3), NOW)).toBeNull();
  });
  it("a member bans nobody", () => {
    expect(banRefusal(member, otherMember, inDays(1), NOW)).toBe(STAFF_ONLY);
  });
  it("only an administrator revokes a banned member's invites with the ban", () => {
    expect(inviteRevocationRefusal(admin)).toBeNull();
    expect(inviteRevocationRefusal(moderator)).toBe(ONLY_ADMINS_HANDLE_INVITES);
  });
  it("lifting a ban follows the same whom-rules, without the length", () => {
    expect(unbanRefusal(moderator, member)).toBeNull();
    expect(unbanRefusal(moderator, otherModerator)).toBe(ONLY_ADMINS_ACT_ON_STAFF);
    expect(unbanRefusal(admin, moderator)).toBeNull();
    expect(unbanRefusal(member, otherMember)).toBe(STAFF_ONLY);
  });
});

describe("silences", () => {
  it("a moderator silences a member", () => {
    expect(silenceRefusalFor(moderator, member)).toBeNull();
  });
  it("only an administrator silences a moderator", () => {
    expect(silenceRefusalFor(moderator, otherModerator)).toBe(ONLY_ADMINS_ACT_ON_STAFF);
    expect(silenceRefusalFor(admin, moderator)).toBeNull();
  });
  it("nobody silences an administrator", () => {
    expect(silenceRefusalFor(otherAdmin, admin)).toBe(ADMINS_CANNOT_BE_SILENCED);
  });
  it("a member silences nobody", () => {
    expect(silenceRefusalFor(member, otherMember)).toBe(STAFF_ONLY);
  });
  it("a silence refuses writes until its end, with the end in the message", () => {
    expect(silenceRefusal({ silencedUntil: inDays(2) }, NOW)).toBe(`Your account is silenced until ${inDays(2).toISOString()}`);
    expect(silenceRefusal({ silencedUntil: inDays(-1) }, NOW)).toBeNull();
    expect(silenceRefusal({ silencedUntil: null }, NOW)).toBeNull();
  });
});

describe("roles and deletion", () => {
  it("only an administrator changes roles", () => {
    expect(roleChangeRefusal(admin, member)).toBeNull();
    expect(roleChangeRefusal(moderator, member)).not.toBeNull();
    expect(roleChangeRefusal(member, otherMember)).not.toBeNull();
  });
  it("nobody changes their own role", () => {
    expect(roleChangeRefusal(admin, admin)).toBe(NOT_YOUR_OWN_ROLE);
  });
  it("an administrator changes another administrator's role", () => {
    expect(roleChangeRefusal(admin, otherAdmin)).toBeNull();
  });
  it("only an administrator deletes members, and never an administrator", () => {
    expect(memberDeletionRefusal(admin, moderator)).toBeNull();
    expect(memberDeletionRefusal(moderator, member)).not.toBeNull();
    expect(memberDeletionRefusal(admin, otherAdmin)).toBe(ADMINS_CANNOT_BE_DELETED);
  });
});

describe("forum powers", () => {
  it("staff delete anyone's post; a member only their own", () => {
    expect(canDeletePost(moderator, { authorId: member.id })).toBe(true);
    expect(canDeletePost(admin, { authorId: member.id })).toBe(true);
    expect(canDeletePost(otherMember, { authorId: member.id })).toBe(false);
    expect(canDeletePost(member, { authorId: member.id })).toBe(true);
  });
  it("staff delete any profile comment", () => {
    expect(canDeleteProfileComment(moderator, { authorId: member.id, profileUserId: otherMember.id })).toBe(true);
    expect(canDeleteProfileComment({ ...member, id: 9 }, { authorId: member.id, profileUserId: otherMember.id })).toBe(false);
  });
  it("staff pin, lock and delete topics", () => {
    expect(canModerateTopic(moderator)).toBe(true);
    expect(canModerateTopic(member)).toBe(false);
  });
});

describe("new members", () => {
  const joined = { ...member, createdAt: new Date(NOW.getTime() - 60 * 60 * 1000) };
  it("the first NEW_MEMBER_HOURS after joining are limited, ending then", () => {
    expect(newMemberPeriodEnd(joined, 24, NOW)).toEqual(new Date(joined.createdAt.getTime() + 24 * 60 * 60 * 1000));
  });
  it("after those hours nothing is limited", () => {
    expect(newMemberPeriodEnd(joined, 1, NOW)).toBeNull();
  });
  it("0 hours turns the limit off", () => {
    expect(newMemberPeriodEnd(joined, 0, NOW)).toBeNull();
  });
  it("staff are never limited", () => {
    expect(newMemberPeriodEnd({ ...moderator, createdAt: joined.createdAt }, 24, NOW)).toBeNull();
    expect(newMemberPeriodEnd({ ...admin, createdAt: joined.createdAt }, 24, NOW)).toBeNull();
  });
  it("3 topics and 20 posts are allowed, one more is not", () => {
    expect(isOverNewMemberLimit("topics", { topics: NEW_MEMBER_LIMITS.topics - 1, posts: 0 })).toBe(false);
    expect(isOverNewMemberLimit("topics", { topics: 3, posts: 0 })).toBe(true);
    expect(isOverNewMemberLimit("posts", { topics: 3, posts: 19 })).toBe(false);
    expect(isOverNewMemberLimit("posts", { topics: 0, posts: 20 })).toBe(true);
  });
});
