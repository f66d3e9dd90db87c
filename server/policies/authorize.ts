import { forbidden } from "../errors";

/** Throws 403 unless a policy allowed the action; routes call it after loading what is acted on. */
export function authorize(allowed: boolean, message = "You are not allowed to do that"): void {
  if (!allowed) throw forbidden(message);
}

/** Throws 403 with the policy's refusal, when it gave one (policies that say why: moderation.ts, silence.ts). */
export function refuseIf(refusal: string | null): void {
  if (refusal !== null) throw forbidden(refusal);
}
