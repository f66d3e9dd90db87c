import { LoaderCircle, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { ROLES, type Role } from "@shared/roles";
import type { AdminUser } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { useChangeRole } from "../api/change-role";

const ROLE_TEXT: Record<Role, { label: string; description: string }> = {
  member: { label: "Member", description: "Posts, comments and messages like everyone." },
  moderator: { label: "Moderator", description: "Reviews flags, hides and deletes posts and comments, pins, locks and deletes topics, silences members and bans them for up to 30 days." },
  admin: { label: "Admin", description: "Everything, including invites, badges, roles, member deletion and permanent bans." },
};

/** 'Change Role' (administrators): member, moderator or admin. */
export function RoleDialog({ user, open, onOpenChange }: { user: AdminUser | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open && user !== null} onOpenChange={onOpenChange}>
      <DialogContent>{user && <RoleForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function RoleForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const change = useChangeRole({ onSuccess: onDone });
  return (
    <>
      <DialogTitle>Change Role</DialogTitle>
      <DialogDescription>
        What <span className="font-medium text-foreground">{user.username}</span> may do on the site. The change is in the public moderation log.
      </DialogDescription>
      <form
        className="mt-5 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate({ userId: user.id, role });
        }}
      >
        <fieldset disabled={change.isPending} className="flex flex-col gap-2">
          <legend className="sr-only">Role</legend>
          {ROLES.map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer gap-3 rounded-control border px-3 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary",
                role === value ? "border-primary/60 bg-primary/10" : "border-border hover:border-muted/60",
              )}
            >
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} className="mt-1 accent-[var(--theme-primary)]" />
              <span>
                <span className="font-medium">{ROLE_TEXT[value].label}</span>
                <span className="block text-muted">{ROLE_TEXT[value].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogActions pending={change.isPending}>
          <Button type="submit" disabled={change.isPending || role === user.role}>
            {change.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
            Save role
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
