import { changePasswordSchema, profileUpdateSchema } from "@shared/schemas/auth";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { banInfoSchema, currentUserSchema } from "@shared/schemas/answers/users";
import type { RouteDoc } from "./route-doc";

/** server/routes/account/ */
export const accountRoutes: RouteDoc[] = [
  {
    method: "patch",
    path: "/api/auth/profile",
    summary: "Change your profile",
    description:
      "Any subset of the profile's fields. Changing a verified email mails the old address a notice with a link to reset the password. An access token may not change the email.",
    access: "member",
    confirmation: "when the body sets or changes `email`",
    body: profileUpdateSchema,
    answers: { 200: { description: "The account as it now is.", schema: currentUserSchema } },
  },
  {
    method: "patch",
    path: "/api/auth/change-password",
    summary: "Change your password",
    description: "Takes the current password too. Every other session ends; this one gets a new id. Limited like sign-in.",
    access: "member",
    confirmation: true,
    body: changePasswordSchema,
    answers: { 200: { description: "Changed.", schema: messageAnswerSchema } },
    errors: { 400: "The current password is wrong." },
  },
  {
    method: "get",
    path: "/api/user/ban-info",
    summary: "Your ban",
    description: "Open to banned members: why, until when and by whom.",
    access: "signedIn",
    answers: { 200: { description: "The ban, or `isBanned: false`.", schema: banInfoSchema } },
  },
];
