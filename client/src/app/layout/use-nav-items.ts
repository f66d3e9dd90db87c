import { useQueryClient } from "@tanstack/react-query";
import { Flag, IdCard, LayoutDashboard, LogIn, Mail, MessagesSquare, Shield, UserPlus, Users, type LucideIcon } from "lucide-react";
import type { CurrentUser } from "@shared/types";
import { isBanned } from "@/lib/is-banned";
import { useUnreadConversations } from "@/features/messages/api/conversations-query";
import { useReviewCount } from "@/features/flags/api/review-count";
import { usersListQueryKey } from "@/features/users/api/users-list-query-key";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Runs before navigating to the item. */
  onOpen?: () => void;
  /** How many unread things wait there (shown beside the label when above 0). */
  unread?: number;
  /** A page of the staff's: the bar holds these in its Staff menu. */
  staff?: boolean;
}

/** The navigation links for the current user; a banned user gets none (every path shows the banned screen). */
export function useNavItems(user: CurrentUser | null): NavItem[] {
  const queryClient = useQueryClient();
  const member = user !== null && !isBanned(user);
  // Conversations with unread messages: read with the list's first page, kept live by /ws (presence-connection.tsx).
  const unreadConversations = useUnreadConversations({ enabled: member });
  // Staff: the pending review items, kept live by /ws (presence-connection.tsx).
  const { data: pendingReviews } = useReviewCount({ enabled: member && user.canReview });

  if (!user) {
    return [
      { href: "/login", label: "Login", icon: LogIn },
      { href: "/register", label: "Register", icon: UserPlus },
    ];
  }
  if (isBanned(user)) return [];

  return [
    { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
    ...(user.hasBio ? [{ href: "/bio", label: "Bio", icon: IdCard }] : []),
    { href: "/forum", label: "Forum", icon: MessagesSquare },
    { href: "/messages", label: "Messages", icon: Mail, unread: unreadConversations },
    {
      href: "/userlist",
      label: "Users",
      icon: Users,
      onOpen: () => void queryClient.invalidateQueries({ queryKey: usersListQueryKey }),
    },
    ...(user.canReview ? [{ href: "/review", label: "Review", icon: Flag, unread: pendingReviews, staff: true }] : []),
    // Staff: administrators get the whole admin area, moderators its members table (the server's `canModerate`).
    ...(user.canModerate ? [{ href: "/admin", label: user.isAdmin ? "Admin" : "Moderate", icon: Shield, staff: true }] : []),
  ];
}
