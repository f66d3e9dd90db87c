import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { z } from "zod";
import type { PushPayload } from "@shared/types";
import type { Db } from "../db/client";
import type { JobHandler } from "../jobs/worker";
import type { Logger } from "../logger";
import { dropPushSubscription } from "../commands/push-subscriptions";
import { presentMessagePush, presentNotificationPush } from "../presenters/push";
import { findNotification } from "../queries/notifications";
import { findPushedMessage, hasOpenSocket, listPushSubscriptions, type StoredPushSubscription } from "../queries/push";
import { pinnedLookup, pushUrlRefusal, type PushHosts } from "./push-endpoint";
import type { VapidKeys } from "./vapid-keys";

/** A push service that does not answer within this is retried later. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps an undelivered push (a day: later it is stale news). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushSenderSettings {
  db: Db;
  logger: Logger;
  vapidKeys: VapidKeys;
  hosts: PushHosts;
  /** VAPID's `sub` claim: a mailto: or https: URL where the push service can reach the operator. */
  subject: string;
  siteName: string;
}

/** What a push job names: the member, and the notification or message it announces (commands/push-jobs.ts). */
const pushJob = z.union([z.object({ userId: z.number(), notificationId: z.number() }), z.object({ userId: z.number(), messageId: z.number() })]);
type PushJob = z.infer<typeof pushJob>;

/** What one push service answered: sent, gone (404/410: drop the subscription), or failed (try again later). */
type Outcome = "sent" | "gone" | "failed";

/**
 * The job that sends one push, queued in the transaction of the notification or message it
 * announces and run after commit by whichever process takes it, never in a request. A member with
 * a socket open gets no push (the socket told them); a push whose notification was read or
 * withdrawn meanwhile is not sent. While no subscription took it and one failed, the attempt fails
 * and the job queue retries it with backoff; after its last attempt it is given up (logged, not kept:
 * it is stale news). A worker dying between sending and finishing sends it again (at least once).
 */
export function sendPush(settings: PushSenderSettings): JobHandler {
  const { db, logger } = settings;
  return async (payload, job) => {
    const push = pushJob.parse(payload);
    if (await hasOpenSocket(db, push.userId)) return;
    const text = await payloadOf(settings, push);
    if (!text) return;
    const subscriptions = await listPushSubscriptions(db, push.userId);
    const outcomes = await Promise.all(subscriptions.map((subscription) => sendOne(settings, subscription, text)));
    for (const [index, outcome] of outcomes.entries()) if (outcome === "gone") await dropPushSubscription(db, subscriptions[index]!.id);
    if (outcomes.includes("sent") || !outcomes.includes("failed")) return;
    if (job.attempts >= job.max_attempts) return logger.warn({ jobId: job.id }, "Push given up");
    throw new Error("No push service took the push");
  };
}

/** The push's text, or undefined when what it announces is read, withdrawn or gone by now. */
async function payloadOf({ db, siteName }: PushSenderSettings, push: PushJob): Promise<PushPayload | undefined> {
  if ("notificationId" in push) {
    const row = await findNotification(db, push.userId, push.notificationId);
    return row && row.readAt === null ? presentNotificationPush(row, siteName) : undefined;
  }
  const message = await findPushedMessage(db, push.userId, push.messageId);
  return message && presentMessagePush(message);
}

/** One push to one subscription: encrypted (RFC 8291, aes128gcm) and signed (VAPID) by web-push, sent here with the address check pinned. */
async function sendOne(settings: PushSenderSettings, subscription: StoredPushSubscription, payload: PushPayload): Promise<Outcome> {
  const { hosts, logger } = settings;
  if ("refusal" in pushUrlRefusal(subscription.endpoint, hosts)) return "gone";
  const vapid = await settings.vapidKeys.get();
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: { subject: settings.subject, ...vapid }, TTL: PUSH_TTL_SECONDS, contentEncoding: "aes128gcm" },
  );
  try {
    const status = await post(request.endpoint, request.headers as Record<string, string | number>, request.body as Buffer, hosts);
    if (status === 404 || status === 410) return "gone";
    if (status >= 200 && status < 300) return "sent";
    logger.warn({ status, subscriptionId: subscription.id }, "Push service refused a push");
    return "failed";
  } catch (error) {
    // An address that is not public now (the name changed its answer) is refused as a gone subscription would be.
    if ((error as NodeJS.ErrnoException).code === "EPUSHNOTPUBLIC") return "gone";
    logger.warn({ error: (error as Error).message, subscriptionId: subscription.id }, "Push could not be sent");
    return "failed";
  }
}

/** POSTs to the push service, connecting only to an address pinnedLookup accepts; answers the status. */
function post(endpoint: string, headers: Record<string, string | number>, body: Buffer, hosts: PushHosts): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "POST", headers, lookup: pinnedLookup(hosts), timeout: PUSH_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("Push service timed out")));
    request.on("error", reject);
    request.end(body);
  });
}
