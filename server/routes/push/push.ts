import { Router } from "express";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@shared/schemas/push";
import type { PushKey } from "@shared/types";
import { deletePushSubscription, savePushSubscription } from "../../commands/push-subscriptions";
import type { Db } from "../../db/client";
import { badRequest } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import { pushEndpointRefusal, type PushHosts } from "../../push/push-endpoint";
import type { VapidKeys } from "../../push/vapid-keys";

/** /api/push: web push on this device (docs/product.md "Watching, push and install", docs/decisions/039). */
export function pushRouter({ db, vapidKeys, hosts }: { db: Db; vapidKeys: VapidKeys; hosts: PushHosts }): Router {
  const router = Router();

  router.get("/key", member, memberHandler(async (_req, res) => {
    const { publicKey } = await vapidKeys.get();
    res.json({ publicKey } satisfies PushKey);
  }));

  // The server will POST to the endpoint: refused unless it is a push service's kind of URL (SSRF).
  router.post("/subscriptions", member, memberHandler(pushSubscriptionSchema, async (req, res) => {
    const refusal = await pushEndpointRefusal(req.body.endpoint, hosts);
    if (refusal) throw badRequest(refusal);
    await savePushSubscription(db, req.user.id, req.body);
    res.status(201).json({ endpoint: req.body.endpoint });
  }));

  router.delete("/subscriptions", member, memberHandler(pushUnsubscribeSchema, async (req, res) => {
    await deletePushSubscription(db, req.user.id, req.body.endpoint);
    res.status(204).end();
  }));

  return router;
}
