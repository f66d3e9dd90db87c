import { zodResolver } from "@hookform/resolvers/zod";
import { Ban, CalendarClock, Infinity as Forever, LoaderCircle } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { TEXT_LIMITS } from "@shared/constants";
import { MODERATOR_MAX_BAN_DAYS } from "@shared/moderation";
import { banUserSchema } from "@shared/schemas/admin";
import type { AdminUser } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormTextareaField } from "@/components/ui/form";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format-date";
import { useBanUser } from "../api/ban-user";
import { BAN_DURATIONS, DEFAULT_BAN_DURATION, banExpiresAt, type BanDuration } from "../utils/ban-duration";

const banFormSchema = z.object({
  reason: banUserSchema.shape.reason,
  revokeInvites: z.boolean(),
  duration: z.enum(BAN_DURATIONS.map((duration) => duration.value) as [BanDuration, ...BanDuration[]]),
});
type BanFormInput = z.input<typeof banFormSchema>;
type BanFormData = z.output<typeof banFormSchema>;

interface BanUserDialogProps {
  /** The member to ban; kept while the dialog closes. */
  user: AdminUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Ban User': a required reason and a duration (1 day to 1 month, or permanent). */
export function BanUserDialog({ user, open, onOpenChange }: BanUserDialogProps) {
  return (
    <Dialog open={open && user !== null} onOpenChange={onOpenChange}>
      <DialogContent>{user && <BanUserForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function BanUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<BanFormInput, unknown, BanFormData>({
    resolver: zodResolver(banFormSchema),
    defaultValues: { reason: "", duration: DEFAULT_BAN_DURATION, revokeInvites: false },
  });
  const banUser = useBanUser({ onSuccess: onDone });
  // A moderator bans for up to 30 days (the server's canBanPermanently); only administrators revoke invites.
  const durations = BAN_DURATIONS.filter((choice) => user.canBanPermanently || (choice.days !== null && choice.days <= MODERATOR_MAX_BAN_DAYS));
  const revokeInvites = useWatch({ control, name: "revokeInvites" });
  const duration = useWatch({ control, name: "duration" });
  const reasonLength = useWatch({ control, name: "reason" }).length;
  const endsAt = banExpiresAt(duration);

  // The expiry is computed when the ban is sent: now plus the chosen days. A failure is the mutation's toast.
  const submit = handleSubmit(({ reason, duration: chosen, revokeInvites: revoke }) =>
    banUser.mutateAsync({ userId: user.id, ban: { reason, expiresAt: banExpiresAt(chosen), ...(revoke ? { revokeInvites: true } : {}) } }).catch(() => {}),
  );

  return (
    <>
      <DialogTitle>Ban User</DialogTitle>
      <DialogDescription>
        Ban <span className="font-medium text-foreground">{user.username}</span> (UID {user.id}). While the ban lasts they see only
        the Account Banned screen, with the reason you give here.
      </DialogDescription>
      <Form className="mt-5" onSubmit={submit}>
        <FormTextareaField
          label="Reason"
          rows={3}
          placeholder="e.g. Spam in the forum after two warnings"
          counter={{ length: reasonLength, max: TEXT_LIMITS.banReason, from: 0 }}
          error={errors.reason?.message}
          disabled={banUser.isPending}
          {...register("reason")}
        />
        <fieldset disabled={banUser.isPending} className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">Duration</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {durations.map(({ value, label }) => (
              <label
                key={value}
                className={cn(
                  "relative flex h-9 cursor-pointer items-center justify-center rounded-control border px-2 text-sm font-medium whitespace-nowrap transition-colors",
                  "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary",
                  value === "permanent" && "col-span-2 sm:col-span-1",
                  duration === value
                    ? value === "permanent"
                      ? "border-destructive/60 bg-destructive/15 text-destructive-hover"
                      : "border-primary/60 bg-primary/15 text-foreground"
                    : "border-border text-muted hover:border-muted/60 hover:text-foreground",
                )}
              >
                <input type="radio" value={value} className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0" {...register("duration")} />
                {label}
              </label>
            ))}
          </div>
          <p className="flex items-center gap-2 text-sm text-muted" aria-live="polite">
            {endsAt ? (
              <>
                <CalendarClock className="size-4 shrink-0" aria-hidden />
                Ends {formatDateTime(endsAt)}, then access returns by itself.
              </>
            ) : (
              <>
                <Forever className="size-4 shrink-0" aria-hidden />
                Never ends; only an unban lifts it.
              </>
            )}
          </p>
        </fieldset>
        {user.canManageInvites && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-[var(--theme-primary)]" disabled={banUser.isPending} {...register("revokeInvites")} />
            Also revoke their unused invites{revokeInvites ? " (they cannot be used after the ban)" : ""}
          </label>
        )}
        <DialogActions className="mt-2" pending={banUser.isPending}>
          <Button type="submit" variant="destructive" disabled={banUser.isPending}>
            {banUser.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Ban aria-hidden />}
            {banUser.isPending ? "Banning..." : "Ban User"}
          </Button>
        </DialogActions>
      </Form>
    </>
  );
}
