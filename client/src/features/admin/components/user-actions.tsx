import { Award, Ban, Ellipsis, LoaderCircle, ShieldCheck, TicketPlus, Trash2, UserCheck, Users, Volume2, VolumeX } from "lucide-react";
import type { AdminUser } from "@shared/types";
import { Button, buttonClasses } from "@/components/ui/button";
import { PopoverMenu, popoverMenuItemClasses } from "@/components/ui/popover-menu";
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
 * Ban or Unban and Silence or Unsilence for one member, in the row; Role, Invites, Badges, Create
 * invite and Delete in its More menu, so a row's actions keep to one line at 1440 px. Each only where
 * the server's `can*` flags allow it for this viewer (a moderator sees Ban and Silence for members,
 * and no More). Unban, Unsilence and Create invite act at once.
 */
export function UserActions({ user, onOpenDialog, layout }: UserActionsProps) {
  const unban = useUnbanUser();
  const unsilence = useUnsilenceUser();
  const createInvite = useCreateUserInvite();
  const banned = isBanned(user);
  const card = layout === "card";
  const buttonClass = cn(card && "w-full sm:w-auto", !card && "px-2.5");
  const dangerClass = "text-destructive-hover hover:border-destructive/60 hover:bg-destructive/10 hover:text-destructive-hover";
  const more = user.canChangeRole || user.canManageInvites || user.canDelete;

  return (
    <div role="group" aria-label={`Actions for ${user.username}`} className={cn(card ? "grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" : "flex items-center justify-end gap-1.5")}>
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
      {more && (
        <PopoverMenu
          label={`More actions for ${user.username}`}
          className={cn(card && "w-full sm:w-auto")}
          triggerClassName={buttonClasses({ variant: "outline", size: "sm", className: buttonClass })}
          trigger={
            <>
              <Ellipsis aria-hidden />
              More
            </>
          }
        >
          {user.canChangeRole && (
            <button type="button" className={popoverMenuItemClasses} onClick={() => onOpenDialog("role", user)}>
              <ShieldCheck aria-hidden />
              Role
            </button>
          )}
          {user.canManageInvites && (
            <>
              <button type="button" className={popoverMenuItemClasses} onClick={() => onOpenDialog("invites", user)}>
                <Users aria-hidden />
                Invites
              </button>
              <button type="button" className={popoverMenuItemClasses} onClick={() => onOpenDialog("badges", user)}>
                <Award aria-hidden />
                Badges
              </button>
              <button
                type="button"
                className={popoverMenuItemClasses}
                title={`Create an invite for ${user.username} (valid 30 days)`}
                disabled={createInvite.isPending}
                onClick={() => createInvite.mutate(user)}
              >
                {createInvite.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <TicketPlus aria-hidden />}
                Create invite
              </button>
            </>
          )}
          {user.canDelete && (
            <button type="button" className={cn(popoverMenuItemClasses, "text-destructive-hover hover:bg-destructive/10")} onClick={() => onOpenDialog("delete", user)}>
              <Trash2 aria-hidden />
              Delete
            </button>
          )}
        </PopoverMenu>
      )}
    </div>
  );
}
