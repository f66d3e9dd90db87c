import { usersQueryKeyRoot } from "@/lib/query-keys";

/** Prefix of every cached users-list read; opening Users from the navigation invalidates it. */
export const usersListQueryKey = [usersQueryKeyRoot] as const;
