import { Award, Ban, LoaderCircle, ShieldCheck, TicketPlus, Trash2, UserCheck, Users, Volume2, VolumeX } from "lucide-react";
import type { AdminUser } from "@shared/types";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { isBanned } from "@/lib/is-banned";
import { useCreateUserInvite } from "../api/create-user-invite";
import { useUnbanUser } from "../api/unban-user";
import { useUnsilenceUser } from "../api/silence-user";

/** The dialogs a row's buttons open. */
export type UserDialogKind = "ban" | "delete" | "badges" | "silence" | "role" | "invites";

interface UserActionsProps {
  user: AdminUser;
  onOpenDialog: (kind: UserDialogKind, user: AdminUser) => void;
  /** `table`: one compact row; `card`: a grid of full-width buttons (phones). */
  layout: "table" | "card";
}

/**
 * Ban or Unban, Silence or Unsilence, Role, Invites, Badges, Create invite and Delete for one member,
 * each only where the server's `can*` flags allow it for this viewer (a moderator sees Ban and
 * Silence for members). Unban, Unsilence and Create invite act at once.
 */
export function UserActions({ user, onOpenDialog, layout }: UserActionsProps) {
  const unban = useUnbanUser();
  const unsilence = useUnsilenceUser();
  const createInvite = useCreateUserInvite();
  const banned = isBanned(user);
  const card = layout === "card";
  const buttonClass = cn(card && "w-full sm:w-auto", !card && "px-2.5");
  const dangerClass = "text-destructive-hover hover:border-destructive/60 hover:bg-destructive/10 hover:text-destructive-hover";

  return (
    <div role="group" aria-label={`Actions for ${user.username}`} className={cn(card ? "grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" : "flex flex-wrap items-center justify-end gap-1.5")}>
      {user.canBan &&
        (banned ? (
          <Button variant="outline" size="sm" className={cn(buttonClass, "text-emerald-300 light:text-emerald-800")} disabled={unban.isPending} onClick={() => unban.mutate(user)}>
            {unban.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <UserCheck aria-hidden />}
            Unban
          </Button>
        ) : (
          <Button variant="outline" size="sm" className={cn(buttonClass, dangerClass)} onClick={() => onOpenDialog("ban", user)}>
            <Ban aria-hidden />
            Ban
          </Button>
        ))}
      {user.canSilence &&
        (user.isSilenced ? (
          <Button variant="outline" size="sm" className={buttonClass} disabled={unsilence.isPending} onClick={() => unsilence.mutate(user)}>
            {unsilence.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Volume2 aria-hidden />}
            Unsilence
          </Button>
        ) : (
          <Button variant="outline" size="sm" className={buttonClass} onClick={() => onOpenDialog("silence", user)}>
            <VolumeX aria-hidden />
            Silence
          </Button>
        ))}
      {user.canChangeRole && (
        <Button variant="outline" size="sm" className={buttonClass} onClick={() => onOpenDialog("role", user)}>
          <ShieldCheck aria-hidden />
          Role
        </Button>
      )}
      {user.canManageInvites && (
        <Button variant="outline" size="sm" className={buttonClass} onClick={() => onOpenDialog("invites", user)}>
          <Users aria-hidden />
          Invites
        </Button>
      )}
      {user.canManageInvites && (
        <Button variant="outline" size="sm" className={buttonClass} onClick={() => onOpenDialog("badges", user)}>
          <Award aria-hidden />
          Badges
        </Button>
      )}
      {user.canManageInvites && (
        <Button
          variant="outline"
          size="sm"
          className={buttonClass}
          title={`Create an invite for ${user.username} (valid 30 days)`}
          disabled={createInvite.isPending}
          onClick={() => createInvite.mutate(user)}
        >
          {createInvite.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <TicketPlus aria-hidden />}
          Create invite
        </Button>
      )}
      {user.canDelete && (
        <Button variant="outline" size="sm" className={cn(buttonClass, dangerClass)} onClick={() => onOpenDialog("delete", user)}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      )}
    </div>
  );
}
