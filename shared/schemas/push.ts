import { z } from "zod";
import { PUSH_ENDPOINT_MAX_LENGTH } from "../constants";
import { NOT_BLANK, urlPattern } from "./fields";

/** Base64url without padding, as PushSubscription.toJSON() gives its keys. */
const base64url = (length: { min: number; max: number }) =>
  z.string().regex(/^[A-Za-z0-9_-]+$/, "Must be base64url").min(length.min).max(length.max);

const endpointSchema = z.string().trim().min(1, "Endpoint required").max(PUSH_ENDPOINT_MAX_LENGTH, "Endpoint too long").meta(NOT_BLANK);

/**
 * POST /api/push/subscriptions: a browser's PushSubscription.toJSON() (p256dh: a 65-byte P-256 point;
 * auth: 16 bytes), whose `expirationTime` is taken and not kept; any other field is refused.
 */
export const pushSubscriptionSchema = z.strictObject({
  // What server/push/push-endpoint.ts takes by the URL alone: https on a named host (whether the name
  // resolves to public addresses is the server's to find out, and PUSH_ALLOW_HOSTS may take http).
  endpoint: endpointSchema.meta({ format: "uri", pattern: urlPattern(["https:"]) }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url({ min: 87, max: 88 }), auth: base64url({ min: 22, max: 24 }) }),
});
export type PushSubscriptionData = z.output<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: endpointSchema });
