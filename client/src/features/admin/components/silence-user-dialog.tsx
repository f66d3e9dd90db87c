import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, VolumeX } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { silenceSchema } from "@shared/schemas/moderation";
import type { AdminUser } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField, FormTextareaField } from "@/components/ui/form";
import { useSilenceUser } from "../api/silence-user";

const silenceFormSchema = z.object({ reason: silenceSchema.shape.reason, days: z.coerce.number().pipe(silenceSchema.shape.days) });
type SilenceFormInput = z.input<typeof silenceFormSchema>;
type SilenceFormData = z.output<typeof silenceFormSchema>;

interface SilenceUserDialogProps {
  user: AdminUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Silence User': for 1-365 days, with a reason; the member reads but cannot write. */
export function SilenceUserDialog({ user, open, onOpenChange }: SilenceUserDialogProps) {
  return (
    <Dialog open={open && user !== null} onOpenChange={onOpenChange}>
      <DialogContent>{user && <SilenceUserForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function SilenceUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SilenceFormInput, unknown, SilenceFormData>({ resolver: zodResolver(silenceFormSchema), defaultValues: { reason: "", days: 3 } });
  const silence = useSilenceUser({ onSuccess: onDone });
  const submit = handleSubmit((values) => silence.mutateAsync({ userId: user.id, silence: values }).catch(() => {}));
  return (
    <>
      <DialogTitle>Silence User</DialogTitle>
      <DialogDescription>
        <span className="font-medium text-foreground">{user.username}</span> will still read everything, but cannot post, comment, react,
        message or flag until the silence ends.
      </DialogDescription>
      <Form className="mt-5" onSubmit={submit}>
        <FormTextareaField label="Reason" rows={3} placeholder="e.g. Heated replies in three threads" error={errors.reason?.message} disabled={silence.isPending} {...register("reason")} />
        <FormField label="Days (1-365)" type="number" inputMode="numeric" min={1} max={365} error={errors.days?.message} disabled={silence.isPending} {...register("days")} />
        <DialogActions className="mt-2" pending={silence.isPending}>
          <Button type="submit" variant="destructive" disabled={silence.isPending}>
            {silence.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <VolumeX aria-hidden />}
            {silence.isPending ? "Silencing..." : "Silence User"}
          </Button>
        </DialogActions>
      </Form>
    </>
  );
}
