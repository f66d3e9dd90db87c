import { LoaderCircle, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { ROLES, type Role } from "@shared/roles";
import type { AdminUser } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ChoiceCard } from "@/components/ui/choice-card";
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
            <ChoiceCard
              key={value}
              name="role"
              value={value}
              checked={role === value}
              selected={role === value}
              onChange={() => setRole(value)}
              label={ROLE_TEXT[value].label}
              description={ROLE_TEXT[value].description}
            />
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
