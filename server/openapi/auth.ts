import { loginSecondStepSchema } from "@shared/schemas/account-security";
import { confirmIdentitySchema } from "@shared/schemas/confirm-identity";
import { loginSchema, registerSchema } from "@shared/schemas/auth";
import { passkeyLoginSchema } from "@shared/schemas/passkeys";
import { confirmationSchema, passkeyRequestOptionsSchema, twoFactorRequiredSchema } from "@shared/schemas/answers/account";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { currentUserSchema } from "@shared/schemas/answers/users";
import { z } from "zod";
import type { RouteDoc } from "./route-doc";

/** server/routes/auth/ */
export const authRoutes: RouteDoc[] = [
  {
    method: "post",
    path: "/api/auth/register",
    summary: "Register with an invite code",
    description: "Signs the new member in: the answer sets the session cookie.",
    access: "public",
    body: registerSchema,
    answers: { 201: { description: "Registered and signed in.", schema: currentUserSchema } },
    errors: { 400: "The invite code is unknown, used or expired.", 409: "The username is taken." },
  },
  {
    method: "post",
    path: "/api/auth/login",
    summary: "Sign in",
    description: "With two-factor sign-in on, no session yet: the answer is `{ twoFactorRequired: true }` and POST /api/auth/login/2fa follows within 5 minutes.",
    access: "public",
    body: loginSchema,
    errors: { 401: "Wrong username or password." },
    answers: { 200: { description: "Signed in (the session cookie is set), or the second step is needed.", schema: z.union([currentUserSchema, twoFactorRequiredSchema]) } },
  },
  {
    method: "post",
    path: "/api/auth/login/2fa",
    summary: "Sign in: the second step",
    description: "A code from the authenticator app or a recovery code, counted by the sign-in lockout like a password.",
    access: "public",
    body: loginSecondStepSchema,
    errors: { 401: "The code is wrong, or the sign-in it continues expired." },
    answers: { 200: { description: "Signed in.", schema: currentUserSchema } },
  },
  {
    method: "post",
    path: "/api/auth/passkey/options",
    summary: "Sign in with a passkey: the options",
    description:
      "For `navigator.credentials.get()` (@simplewebauthn/browser's `startAuthentication`), discoverable: no `allowCredentials`, the authenticator offers the passkeys it holds for the site. Its challenge is kept in the session and may be answered once, within 5 minutes, by POST /api/auth/passkey/login, or by a signed-in member's POST /api/auth/confirm. Limited like sign-in.",
    access: "public",
    answers: { 200: { description: "The request options.", schema: passkeyRequestOptionsSchema } },
  },
  {
    method: "post",
    path: "/api/auth/passkey/login",
    summary: "Sign in with a passkey",
    description:
      "The browser's answer to the challenge of POST /api/auth/passkey/options: signed in without password or two-factor code. Failures count towards the sign-in lockout like a wrong password. Limited like sign-in.",
    access: "public",
    body: passkeyLoginSchema,
    errors: {
      400: "The challenge expired or was answered already.",
      401: "The passkey is not registered here, does not verify (another origin or relying party, a wrong signature), or its signature counter went backwards.",
    },
    answers: { 200: { description: "Signed in (the session cookie is set).", schema: currentUserSchema } },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    summary: "Sign out",
    description: "Ends this browser's session and closes its sockets.",
    access: "public",
    answers: { 200: { description: "Signed out.", schema: messageAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/auth/confirm",
    summary: "Confirm it is you",
    description:
      "Opens this session's 10-minute window for sensitive changes (the routes whose 403 names a `ConfirmRequiredError`): setting or changing the email, the password, two-factor sign-in, passkeys, creating a token, ending other sessions, export and deleting the account. With `{ password }`, or `{ passkey }`: a passkey's answer to the challenge of POST /api/auth/passkey/options. Failures count towards the sign-in lockout. Limited like sign-in.",
    access: "member",
    body: confirmIdentitySchema,
    answers: { 200: { description: "Confirmed: the window is open until `confirmedUntil`.", schema: confirmationSchema } },
    errors: { 400: "The password is wrong, or the passkey's answer proves nothing (expired challenge, another member's passkey, no verification)." },
  },
  {
    method: "get",
    path: "/api/auth/user",
    summary: "The signed-in member",
    description: "Open to banned members too. `confirmedUntil`: this session's window for sensitive changes (POST /api/auth/confirm), or null.",
    access: "signedIn",
    answers: { 200: { description: "Who is signed in.", schema: currentUserSchema } },
    errors: { 404: "The account is gone." },
  },
];
