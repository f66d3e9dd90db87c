import { z } from "zod";
import { INVITE_CODE_LENGTH, TEXT_LIMITS } from "../constants";
import { THEMES } from "../theme";
import { emailNotificationsSchema } from "../email-notifications";
import {
  locationSchema,
  optionalEmailSchema,
  optionalFileUrlSchema,
  passwordSchema,
  socialHandleSchema,
  NOT_BLANK,
  usernameSchema,
  websiteSchema,
} from "./fields";

/** The message for a form submitted with a blank field (docs/product.md "Messages"). */
export const MISSING_FIELDS = "Please fill in all fields";

export const registerSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  inviteCode: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, MISSING_FIELDS)
    .max(INVITE_CODE_LENGTH, "Invalid or expired invite code")
    .meta(NOT_BLANK),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

// Login checks only presence and length; wrong credentials are the server's 401, not a rule message.
export const loginSchema = z.strictObject({
  username: z.string().trim().min(1, MISSING_FIELDS).max(TEXT_LIMITS.usernameMax, "Username too long").meta(NOT_BLANK),
  password: z.string().trim().min(1, MISSING_FIELDS).max(TEXT_LIMITS.passwordMax, "Password too long").meta(NOT_BLANK),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;

/** PATCH /api/auth/change-password. The new password follows the registration rules. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().trim().min(1, "Current password is required").meta(NOT_BLANK),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordData = z.output<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().trim().min(1, "Please confirm your new password") })
  // An empty confirmation already has its own message.
  .refine((form) => form.confirmPassword === "" || form.newPassword === form.confirmPassword, {
    message: "New passwords don't match",
    path: ["confirmPassword"],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
export type ChangePasswordFormData = z.output<typeof changePasswordFormSchema>;

/** PATCH /api/auth/profile: any subset; "" clears a field. */
export const profileUpdateSchema = z
  .strictObject({
    avatar: optionalFileUrlSchema,
    bio: z.string().trim().max(TEXT_LIMITS.bio, `Bio must be less than ${TEXT_LIMITS.bio} characters`),
    website: websiteSchema,
    twitter: socialHandleSchema("twitter"),
    github: socialHandleSchema("github"),
    discord: socialHandleSchema("discord"),
    telegram: socialHandleSchema("telegram"),
    location: locationSchema,
    email: optionalEmailSchema,
    theme: z.enum(THEMES, { message: `Theme must be one of ${THEMES.join(", ")}` }),
    emailNotifications: emailNotificationsSchema,
  })
  .partial();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateData = z.output<typeof profileUpdateSchema>;
