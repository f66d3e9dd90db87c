import type { RequestHandler } from "express";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { signedInMember } from "./guards";
import { memoryRateLimit, rateLimit } from "./rate-limit";

export type AbuseLimits = Record<"api" | "login" | "register" | "writes" | "drafts" | "uploads" | "search" | "reactions" | "messages" | "conversations" | "forgotPassword" | "verificationMails", RequestHandler>;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
/** Verification links a member may ask to be sent again in an hour. */
export const VERIFICATION_MAILS_PER_HOUR = 5;
const perMember = (req: Parameters<RequestHandler>[0]) => `user:${signedInMember(req).id}`;

/** The limits of docs/product.md "Abuse limits", each with its setting; per address unless per member. */
export function createAbuseLimits(db: Db, config: Config): AbuseLimits {
  return {
    // Per process, in memory (docs/product.md "Abuse limits"): it must not cost a write per request.
    api: memoryRateLimit({ name: "api", limit: config.RATE_LIMIT_API_PER_MINUTE, windowSeconds: MINUTE }),
    login: rateLimit(db, {
      name: "login",
      limit: config.RATE_LIMIT_LOGIN_PER_MINUTE,
      windowSeconds: MINUTE,
      message: "Too many login attempts, please try again in a minute",
    }),
    register: rateLimit(db, {
      name: "register",
      limit: config.RATE_LIMIT_REGISTER_PER_HOUR,
      windowSeconds: HOUR,
      message: "Too many registrations from this address, please try again later",
    }),
    // Posts and profile comments share one budget.
    writes: rateLimit(db, {
      name: "writes",
      limit: config.RATE_LIMIT_WRITES_PER_MINUTE,
      windowSeconds: MINUTE,
      message: "You are posting too fast, please wait a moment",
      key: perMember,
    }),
    // A composer saves a second after typing stops: a member typing in a few tabs stays well under it.
    drafts: rateLimit(db, {
      name: "drafts",
      limit: config.RATE_LIMIT_DRAFTS_PER_MINUTE,
      windowSeconds: MINUTE,
      message: "Too many draft saves, please wait a moment",
      key: perMember,
    }),
    uploads: rateLimit(db, {
      name: "uploads",
      limit: config.RATE_LIMIT_UPLOADS_PER_MINUTE,
      windowSeconds: MINUTE,
      message: "Too many uploads, please wait a moment",
      key: perMember,
    }),
    // Giving and taking back reactions, per member: each can tell the post's author.
    reactions: rateLimit(db, {
      name: "reactions",
      limit: config.RATE_LIMIT_REACTIONS_PER_MINUTE,
      windowSeconds: MINUTE,
      message: "You are reacting too fast, please wait a moment",
      key: perMember,
    }),
    // Private messages, per member: each reaches up to 9 others at once.
    messages: rateLimit(db, {
      name: "messages",
      limit: config.RATE_LIMIT_MESSAGES_PER_MINUTE,
      windowSeconds: MINUTE,
      message: "You are sending messages too fast, please wait a moment",
      key: perMember,
    }),
    conversations: rateLimit(db, {
      name: "conversations",
      limit: config.RATE_LIMIT_CONVERSATIONS_PER_HOUR,
      windowSeconds: HOUR,
      message: "You have started too many conversations, please try again later",
      key: perMember,
    }),
    // Each can send a mail; per address, whoever is named (docs/product.md "Email").
    forgotPassword: rateLimit(db, {
      name: "forgot-password",
      limit: config.RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR,
      windowSeconds: HOUR,
      message: "Too many password reset requests, please try again later",
    }),
    // Each sends a mail to the member's own address: a few an hour is plenty to get one through.
    verificationMails: rateLimit(db, {
      name: "verification-mails",
      limit: VERIFICATION_MAILS_PER_HOUR,
      windowSeconds: HOUR,
      message: "Too many verification mails, please try again later",
      key: perMember,
    }),
    search: rateLimit(db, {
      name: "search",
      limit: config.RATE_LIMIT_SEARCH_PER_MINUTE,
      windowSeconds: MINUTE,
      message: "Too many searches, please wait a moment",
      key: perMember,
    }),
  };
}
