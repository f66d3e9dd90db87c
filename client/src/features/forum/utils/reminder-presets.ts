/** A reminder the member picks with one click. */
export interface ReminderPreset {
  label: string;
  at: Date;
}

/** The hour of the day (local) a "tomorrow" or "next week" reminder comes at. */
const MORNING_HOUR = 9;

const morningOf = (day: Date) => {
  const at = new Date(day);
  at.setHours(MORNING_HOUR, 0, 0, 0);
  return at;
};

/** In 1 hour; tomorrow at 9:00; next Monday at 9:00 (the member's own clock). */
export function reminderPresets(now: Date = new Date()): ReminderPreset[] {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  const nextMonday = new Date(now);
  nextMonday.setDate(now.getDate() + (((8 - now.getDay()) % 7) || 7));
  return [
    { label: "In 1 hour", at: new Date(now.getTime() + 3_600_000) },
    { label: "Tomorrow", at: morningOf(tomorrow) },
    { label: "Next week", at: morningOf(nextMonday) },
  ];
}

/** A `datetime-local` input's value (local time, to the minute) for a time. */
export function toLocalInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
