import { z } from "zod";
import { TEXT_LIMITS } from "../constants";
import { MISSING_FIELDS } from "./auth";
import { NOT_BLANK, passwordSchema } from "./fields";

/** How long the links a mail carries stay good. */
export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_MINUTES = 60;
/** A mailed link whose token is unknown, used, expired, or missing. */
export const INVALID_MAILED_LINK = "This link is invalid or has expired";

/** The secret a mailed link carries (base64url of 32 random bytes); anything else is refused before a lookup. */
const mailedTokenSchema = z.string().trim().min(1, MISSING_FIELDS).max(100, "Invalid or expired link").meta(NOT_BLANK);

/** POST /api/auth/verify-email. */
export const verifyEmailSchema = z.strictObject({ token: mailedTokenSchema });
export type VerifyEmailData = z.output<typeof verifyEmailSchema>;

/** POST /api/auth/forgot-password: a username or a verified address. */
export const forgotPasswordSchema = z.strictObject({
  login: z.string().trim().min(1, MISSING_FIELDS).max(TEXT_LIMITS.email, "Too long").meta(NOT_BLANK),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordData = z.output<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the new password follows the registration rules. */
export const resetPasswordSchema = z.strictObject({ token: mailedTokenSchema, password: passwordSchema });
export type ResetPasswordData = z.output<typeof resetPasswordSchema>;

/** The reset screen's form: the password twice. */
export const resetPasswordFormSchema = z
  .strictObject({ password: passwordSchema, confirmPassword: z.string().trim().min(1, "Please confirm your new password") })
  .refine((form) => form.confirmPassword === "" || form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormData = z.output<typeof resetPasswordFormSchema>;
