import type { LinkWindow } from "@shared/policies/link-schedule";

type WindowChanges = { visibleFrom?: string | null; visibleUntil?: string | null };

/** The window's ends as stored (Date or null), for those the change names. */
export function storedWindow<T extends WindowChanges>(changes: T): Omit<T, keyof WindowChanges> & Partial<Record<keyof LinkWindow, Date | null>> {
  const { visibleFrom, visibleUntil, ...rest } = changes;
  const stored = (value: string | null) => (value === null ? null : new Date(value));
  return {
    ...rest,
    ...(visibleFrom !== undefined && { visibleFrom: stored(visibleFrom) }),
    ...(visibleUntil !== undefined && { visibleUntil: stored(visibleUntil) }),
  };
}
