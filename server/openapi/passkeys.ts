import { addPasskeySchema } from "@shared/schemas/passkeys";
import { passkeyCreationOptionsSchema, passkeySchema, passkeysSchema } from "@shared/schemas/answers/account";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/passkeys/ (signing in with one: server/openapi/auth.ts) */
export const passkeysRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/auth/passkeys",
    summary: "Your passkeys",
    description: "Their names and dates, never their keys.",
    access: "member",
    answers: { 200: { description: "The passkeys, oldest first.", schema: passkeysSchema } },
  },
  {
    method: "post",
    path: "/api/auth/passkeys/options",
    summary: "Add a passkey: the options",
    description:
      "For `navigator.credentials.create()` (@simplewebauthn/browser's `startRegistration`): a discoverable credential, user verification preferred, no attestation, the member's own passkeys excluded. Its challenge is kept in the session and may be answered once, within 5 minutes, by POST /api/auth/passkeys.",
    access: "member",
    confirmation: true,
    answers: { 200: { description: "The creation options.", schema: passkeyCreationOptionsSchema } },
    errors: { 400: "You hold 10 passkeys, the most a member may: remove one first." },
  },
  {
    method: "post",
    path: "/api/auth/passkeys",
    summary: "Add a passkey",
    description: "The browser's answer to the challenge of POST /api/auth/passkeys/options, and a name for the passkey.",
    access: "member",
    confirmation: true,
    body: addPasskeySchema,
    answers: { 201: { description: "Added.", schema: passkeySchema } },
    errors: { 400: "The challenge expired or was answered already, the answer does not verify (another origin or relying party), the passkey is added already, or you hold 10." },
  },
  {
    method: "delete",
    path: "/api/auth/passkeys/:id",
    summary: "Remove a passkey",
    access: "member",
    confirmation: true,
    params: idParams,
    answers: { 204: { description: "Removed." } },
    errors: { 404: "No such passkey of yours." },
  },
];
