import { forbidden } from "../errors";

/** Throws 403 unless a policy allowed the action; routes call it after loading what is acted on. */
export function authorize(allowed: boolean, message = "You are not allowed to do that"): void {
  if (!allowed) throw forbidden(message);
}
