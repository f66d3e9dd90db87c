import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import type { PushPayload } from "@shared/types";
import type { Db } from "../db/client";
import type { Listener } from "../db/listener";
import type { Logger } from "../logger";
import { claimPushes, dropPushSubscription, finishPush, PUSH_MAX_ATTEMPTS, type ClaimedPush } from "../commands/push-subscriptions";
import { presentMessagePush, presentNotificationPush } from "../presenters/push";
import { findNotification } from "../queries/notifications";
import { findPushedMessage, listPushSubscriptions, type StoredPushSubscription } from "../queries/push";
import { pinnedLookup, pushUrlRefusal, type PushHosts } from "./push-endpoint";
import { PUSH_CHANNEL } from "./push-queue";
import type { VapidKeys } from "./vapid-keys";

/** How often a process looks for due pushes without being woken: retries, and rows a dead process left. */
export const PUSH_POLL_MS = 30_000;
/** Pushes claimed at a time. */
const PUSH_BATCH = 50;
/** A push service that does not answer within this is retried later. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps an undelivered push (a day: later it is stale news). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushSenderSettings {
  db: Db;
  listener: Listener;
  logger: Logger;
  vapidKeys: VapidKeys;
  hosts: PushHosts;
  /** VAPID's `sub` claim: a mailto: or https: URL where the push service can reach the operator. */
  subject: string;
  siteName: string;
  pollMs?: number;
}

export interface PushSender {
  close(): Promise<void>;
}

/** What one push service answered: sent, gone (404/410: drop the subscription), or failed (try again later). */
type Outcome = "sent" | "gone" | "failed";

/**
 * Sends the queued pushes (push_queue) after the transactions that queued them commit, never in a
 * request: woken by the `push` channel, every PUSH_POLL_MS, and at start. Every process runs one;
 * claims never overlap (claimPushes). A member with a socket open gets no push (the socket told
 * them); a push whose notification was read or withdrawn meanwhile is not sent. A push is retried
 * with backoff while no subscription took it, up to PUSH_MAX_ATTEMPTS; a sender dying between
 * sending and deleting sends it again once its lease passes (at least once, not exactly once).
 */
export function startPushSender(settings: PushSenderSettings): PushSender {
  const { db, listener, logger } = settings;
  let closed = false;
  let wokenAgain = false;
  let running: Promise<void> | undefined;

  const drain = async () => {
    do {
      wokenAgain = false;
      try {
        let claimed: ClaimedPush[];
        while (!closed && (claimed = await claimPushes(db, PUSH_BATCH)).length > 0) {
          await Promise.all(claimed.map((push) => deliver(settings, push)));
        }
      } catch (error) {
        logger.warn({ error: (error as Error).message }, "Sending pushes failed");
      }
    } while (wokenAgain && !closed);
  };
  const wake = () => {
    if (closed) return;
    if (running) wokenAgain = true;
    else running = drain().finally(() => (running = undefined));
  };

  // Told after every (re)connection too (`listening`): a wake-up may have been missed meanwhile.
  // Never unsubscribed: the listener closes with the app, and a closed sender ignores it.
  void listener.subscribe(PUSH_CHANNEL, { notify: wake, listening: wake });
  const timer = setInterval(wake, settings.pollMs ?? PUSH_POLL_MS).unref();
  wake();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}

async function deliver(settings: PushSenderSettings, push: ClaimedPush): Promise<void> {
  const { db, logger } = settings;
  const payload = push.online ? undefined : await payloadOf(settings, push);
  if (!payload) return finishPush(db, push.id);
  const subscriptions = await listPushSubscriptions(db, push.userId);
  const outcomes = await Promise.all(subscriptions.map((subscription) => sendOne(settings, subscription, payload)));
  for (const [index, outcome] of outcomes.entries()) if (outcome === "gone") await dropPushSubscription(db, subscriptions[index]!.id);
  if (outcomes.includes("sent") || !outcomes.includes("failed") || push.attempts >= PUSH_MAX_ATTEMPTS) {
    if (!outcomes.includes("sent") && outcomes.includes("failed")) logger.warn({ pushId: push.id }, "Push given up");
    await finishPush(db, push.id);
  }
}

/** The push's text, or undefined when what it announces is read, withdrawn or gone by now. */
async function payloadOf({ db, siteName }: PushSenderSettings, push: ClaimedPush): Promise<PushPayload | undefined> {
  if (push.notificationId !== null) {
    const row = await findNotification(db, push.userId, push.notificationId);
    return row && row.readAt === null ? presentNotificationPush(row, siteName) : undefined;
  }
  const message = await findPushedMessage(db, push.userId, push.messageId!);
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
