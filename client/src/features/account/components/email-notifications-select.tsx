import { useId } from "react";
import { EMAIL_NOTIFICATIONS, type EmailNotifications } from "@shared/email-notifications";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useUpdateProfile } from "../api/update-profile";
import { toast } from "@/lib/toast";

const LABELS: Record<EmailNotifications, string> = {
  away: "When I'm away",
  daily: "Daily digest",
  never: "Never",
};

/** The email frequency for unread notifications and messages, saved as it changes (PATCH /api/auth/profile). */
export function EmailNotificationsSelect({ value }: { value: EmailNotifications }) {
  const id = useId();
  const update = useUpdateProfile();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Email notifications</Label>
      <Select
        id={id}
        aria-describedby={`${id}-hint`}
        value={update.isPending ? update.variables.emailNotifications : value}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate({ emailNotifications: event.target.value as EmailNotifications }, { onSuccess: () => toast({ title: "Email notifications saved" }) })
        }
      >
        {EMAIL_NOTIFICATIONS.map((choice) => (
          <option key={choice} value={choice}>
            {LABELS[choice]}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted">
        When you're away: one mail about unread notifications and messages once they wait a while with the site closed, at most one an hour. Daily: one digest a day.
      </p>
    </div>
  );
}
