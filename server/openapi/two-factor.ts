import { disableTwoFactorSchema, enableTwoFactorSchema } from "@shared/schemas/account-security";
import { recoveryCodesSchema, twoFactorSetupSchema, twoFactorStatusSchema } from "@shared/schemas/answers/account";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import type { RouteDoc } from "./route-doc";

/** server/routes/two-factor/ */
export const twoFactorRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/auth/2fa",
    summary: "Two-factor sign-in: on or off",
    access: "member",
    answers: { 200: { description: "Whether it is on, and the recovery codes left.", schema: twoFactorStatusSchema } },
    errors: { 404: "The account is gone." },
  },
  {
    method: "post",
    path: "/api/auth/2fa/setup",
    summary: "Two-factor sign-in: a new secret",
    description: "In force only once a code from it enables it.",
    access: "member",
    confirmation: true,
    answers: { 200: { description: "The secret, its otpauth URL and a QR code of it.", schema: twoFactorSetupSchema } },
    errors: { 409: "Two-factor sign-in is already on." },
  },
  {
    method: "post",
    path: "/api/auth/2fa/enable",
    summary: "Two-factor sign-in: turn on",
    description: "A code from the secret set up. Limited like sign-in.",
    access: "member",
    confirmation: true,
    body: enableTwoFactorSchema,
    answers: { 200: { description: "On: the recovery codes, shown this once.", schema: recoveryCodesSchema } },
    errors: { 400: "The code is wrong.", 404: "The account is gone.", 409: "Already on, or not set up." },
  },
  {
    method: "post",
    path: "/api/auth/2fa/disable",
    summary: "Two-factor sign-in: turn off",
    description: "The password and a code (or a recovery code). Limited like sign-in.",
    access: "member",
    confirmation: true,
    body: disableTwoFactorSchema,
    answers: { 200: { description: "Off.", schema: messageAnswerSchema } },
    errors: { 400: "The password or the code is wrong.", 404: "The account is gone.", 409: "It is not on." },
  },
];
