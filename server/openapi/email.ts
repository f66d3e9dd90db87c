import { forgotPasswordSchema, resetPasswordSchema, verifyEmailSchema } from "@shared/schemas/email";
import { outboxMailListSchema, outboxMailSchema } from "@shared/schemas/answers/mail";
import { z } from "zod";
import type { RouteDoc } from "./route-doc";

const invalidLink = "The link is invalid or has expired.";

/** server/routes/email/ and server/routes/admin/mail.ts */
export const emailRoutes: RouteDoc[] = [
  {
    method: "post",
    path: "/api/auth/verify-email",
    summary: "Verify an email address",
    description: "The token of the mailed link: single use, good for 24 hours, for the address it was sent to. No sign-in needed.",
    access: "public",
    body: verifyEmailSchema,
    answers: { 204: { description: "The address is verified." } },
    errors: { 400: invalidLink },
  },
  {
    method: "post",
    path: "/api/auth/verify-email/resend",
    summary: "Send the verification link again",
    description: "5 an hour per member.",
    access: "member",
    answers: { 204: { description: "Sent." } },
    errors: { 400: "The account has no email address.", 409: "The address is already verified." },
  },
  {
    method: "post",
    path: "/api/auth/forgot-password",
    summary: "Ask for a password reset link",
    description:
      "`login` is a username or a verified address. Always 204, whether or not it names anyone; a verified address gets a link good for 1 hour. 5 requests an hour per address, at most 5 mails an hour per member.",
    access: "public",
    body: forgotPasswordSchema,
    answers: { 204: { description: "Accepted." } },
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    summary: "Set a new password with a reset link",
    description: "Ends every session, socket and access token of the member; the token and any older one die.",
    access: "public",
    body: resetPasswordSchema,
    answers: { 204: { description: "The password is set." } },
    errors: { 400: invalidLink },
  },
  {
    method: "post",
    path: "/api/email/unsubscribe",
    summary: "One-click unsubscribe (RFC 8058)",
    description: "The signed token of a notification mail's List-Unsubscribe link; sets email notifications to `never` without signing in.",
    access: "public",
    query: z.object({ token: z.string().meta({ description: "The token of the mail's unsubscribe link" }) }),
    answers: { 204: { description: "Unsubscribed." } },
    errors: { 400: invalidLink },
  },
  {
    method: "get",
    path: "/api/admin/mail",
    summary: "The mail outbox",
    description: "Mail written to DATA_DIR/mail when SMTP_URL is not set, newest first.",
    access: "admin",
    answers: { 200: { description: "The mails.", schema: outboxMailListSchema } },
    errors: { 404: "Mail goes out through SMTP_URL: there is no outbox." },
  },
  {
    method: "get",
    path: "/api/admin/mail/:id",
    summary: "One mail of the outbox",
    access: "admin",
    params: z.object({ id: z.string().meta({ description: "The mail's file name" }) }),
    answers: { 200: { description: "The mail with its plain-text part; the token of every mailed link (`?token=`) is masked (`••••`) unless the mail is the caller's own.", schema: outboxMailSchema } },
    errors: { 404: "No such mail, or no outbox." },
  },
];
