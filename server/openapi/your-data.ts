import { deleteAccountSchema } from "@shared/schemas/account-security";
import { deletedMemberSchema } from "@shared/schemas/answers/users";
import type { RouteDoc } from "./route-doc";

/** server/routes/your-data/ */
export const yourDataRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/auth/export",
    summary: "Export your data",
    description: "A zip of `account.json` and your uploaded files, streamed.",
    access: "member",
    confirmation: true,
    answers: { 200: { description: "The archive.", mediaType: "application/zip" } },
    errors: { 404: "The account is gone." },
  },
  {
    method: "delete",
    path: "/api/auth/account",
    summary: "Delete your account",
    description:
      "With the password; what you wrote in shared places stays credited to \"Deleted member\" (content: anonymize, the default) or goes (erase), and every session ends. Limited like sign-in.",
    access: "member",
    confirmation: true,
    body: deleteAccountSchema,
    answers: { 200: { description: "Deleted.", schema: deletedMemberSchema } },
    errors: { 400: "The password is wrong, or content is not anonymize or erase.", 404: "The account is gone.", 409: "You are the only administrator." },
  },
];
