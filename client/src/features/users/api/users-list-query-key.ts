/** Prefix of every cached users-list read; opening Users from the navigation invalidates it. */
export const usersListQueryKey = ["/api/users"] as const;
