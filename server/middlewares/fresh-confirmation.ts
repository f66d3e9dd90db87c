import type { Request, RequestHandler } from "express";
import { CONFIRM_REQUIRED_CODE, CONFIRM_REQUIRED_MESSAGE, isFreshlyConfirmed } from "@shared/policies/fresh-confirmation";
import { confirmedUntilOf } from "../auth/confirmation";
import { forbidden } from "../errors";

/**
 * The guard of sensitive changes (docs/product.md "Sensitive changes need a fresh confirmation"),
 * after the member guard on each route that needs it:
 *   router.post("/x", member, confirmed, ...)                      always
 *   router.patch("/x", member, confirmedWhen(isSensitive), ...)    when `isSensitive(req)` says so
 * Without a live window: 403 `{ message: "Confirm your password to continue", code: "confirm_required" }`.
 * (The tests find these guards on the router by their names.)
 */
export const confirmed: RequestHandler = function confirmed(req, _res, next) {
  next(isFreshlyConfirmed(confirmedUntilOf(req), Date.now()) ? undefined : forbidden(CONFIRM_REQUIRED_MESSAGE, { code: CONFIRM_REQUIRED_CODE }));
};

export function confirmedWhen(isSensitive: (req: Request) => boolean | Promise<boolean>): RequestHandler {
  return async function confirmedWhenSensitive(req, res, next) {
    if (await isSensitive(req)) confirmed(req, res, next);
    else next();
  };
}
