import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TEXT_LIMITS } from "@shared/constants";
import { profileUpdateSchema } from "@shared/schemas/auth";
import type { CurrentUser } from "@shared/types";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormField, FormTextareaField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { apiValidationIssues } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useUpdateProfile } from "../api/update-profile";
import { PROFILE_SAVED } from "../messages";

const CONTACT_FIELDS = ["bio", "location", "website", "email", "twitter", "github", "discord", "telegram"] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

/** The profile fields of this form, every one sent ("" clears it). */
const contactSchema = profileUpdateSchema.pick({
  bio: true,
  location: true,
  website: true,
  email: true,
  twitter: true,
  github: true,
  discord: true,
  telegram: true,
}).required();
type ContactInput = z.input<typeof contactSchema>;
type ContactData = z.output<typeof contactSchema>;

function valuesOf(user: CurrentUser): ContactInput {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, user[field] ?? ""])) as ContactInput;
}

const isContactField = (path: string): path is ContactField => (CONTACT_FIELDS as readonly string[]).includes(path);

const HANDLE_HINT = "Without the @";

/** The social handles, each a handle or name with the same limit; Discord's is a name only. */
const SOCIAL_HANDLES: { field: "twitter" | "github" | "discord" | "telegram"; label: string; placeholder: string; hint?: string }[] = [
  { field: "twitter", label: "Twitter", placeholder: "handle", hint: HANDLE_HINT },
  { field: "github", label: "GitHub", placeholder: "username", hint: HANDLE_HINT },
  { field: "discord", label: "Discord", placeholder: "username" },
  { field: "telegram", label: "Telegram", placeholder: "username", hint: HANDLE_HINT },
];

/** Contact Information: bio, location, website, email (only you see it) and social handles. */
export function ContactInfoForm({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactData>({
    resolver: zodResolver(contactSchema),
    defaultValues: valuesOf(user),
  });
  const counter = (field: ContactField, max: number, from?: number) => ({ length: watch(field)?.length ?? 0, max, from });

  const submit = handleSubmit(async (changes) => {
    try {
      const saved = await updateProfile.mutateAsync(changes);
      reset(valuesOf(saved)); // shows the values as stored ('@' removed, spaces trimmed)
      toast(PROFILE_SAVED);
    } catch (error) {
      for (const issue of apiValidationIssues(error)) {
        if (isContactField(issue.path)) setError(issue.path, { message: issue.message });
      }
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
        <CardDescription>Shown on your profile to signed-in members. Your email stays private.</CardDescription>
      </CardHeader>
      <Form onSubmit={submit} className="px-6 pb-6">
        <FormTextareaField
          label="Bio"
          rows={3}
          placeholder="A few words about yourself"
          counter={counter("bio", TEXT_LIMITS.bio, 0)}
          error={errors.bio?.message}
          {...register("bio")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Location"
            placeholder="City, country"
            autoComplete="address-level2"
            counter={counter("location", TEXT_LIMITS.location)}
            error={errors.location?.message}
            {...register("location")}
          />
          <FormField label="Website" type="url" placeholder="https://example.com" autoComplete="url" error={errors.website?.message} {...register("website")} />
          <FormField
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            hint="Only you can see it"
            error={errors.email?.message}
            {...register("email")}
          />
          {SOCIAL_HANDLES.map(({ field, label, placeholder, hint }) => (
            <FormField
              key={field}
              label={label}
              placeholder={placeholder}
              autoCapitalize="none"
              spellCheck={false}
              hint={hint}
              counter={counter(field, TEXT_LIMITS.socialHandle)}
              error={errors[field]?.message}
              {...register(field)}
            />
          ))}
        </div>
        <div className="flex justify-end">
          <SubmitButton pending={updateProfile.isPending} pendingLabel="Saving..." className="w-full sm:w-auto">
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
