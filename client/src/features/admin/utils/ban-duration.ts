import { BAN_DURATION_DAYS } from "@shared/constants";

const DAY_MS = 24 * 60 * 60 * 1000;

export type BanDuration = `${(typeof BAN_DURATION_DAYS)[number]}` | "permanent";

const DAY_LABELS: Record<(typeof BAN_DURATION_DAYS)[number], string> = {
  1: "1 day",
  3: "3 days",
  7: "1 week",
  30: "1 month",
};

/** The Ban User dialog's choices, shortest first: 1 day, 3 days, 1 week, 1 month, Permanent. */
export const BAN_DURATIONS: ReadonlyArray<{ value: BanDuration; label: string; days: number | null }> = [
  ...BAN_DURATION_DAYS.map((days) => ({ value: `${days}` as BanDuration, label: DAY_LABELS[days], days })),
  { value: "permanent", label: "Permanent", days: null },
];

export const DEFAULT_BAN_DURATION: BanDuration = "1";

/** The ban's end: now plus the chosen days as an ISO timestamp, or undefined for a permanent ban. */
export function banExpiresAt(duration: BanDuration, now: number = Date.now()): string | undefined {
  if (duration === "permanent") return undefined;
  return new Date(now + Number(duration) * DAY_MS).toISOString();
}
