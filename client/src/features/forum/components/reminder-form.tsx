import { BellOff } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { bookmarkSchema, REMIND_AT_INVALID } from "@shared/schemas/bookmarks";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatDateTime } from "@/lib/format-date";
import { reminderPresets, toLocalInputValue } from "../utils/reminder-presets";

interface ReminderFormProps {
  /** The reminder set now (ISO), if any. */
  remindAt: string | null;
  /** Sets the reminder (an ISO time), or clears it (null). */
  onSubmit: (remindAt: string | null) => void;
  /** While a change is on its way: every button waits. */
  pending?: boolean;
  /** The clock, for tests. */
  now?: () => Date;
}

/**
 * When to be reminded of a bookmarked post: one click on a preset (in 1 hour, tomorrow, next week),
 * or a date and time of the member's choosing, checked with the API's own rule (in the future);
 * and clearing a reminder that is set.
 */
export function ReminderForm({ remindAt, onSubmit, pending = false, now = () => new Date() }: ReminderFormProps) {
  const inputId = useId();
  const errorId = useId();
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const at = custom ? new Date(custom) : null;
    if (!at || Number.isNaN(at.getTime())) {
      setError(REMIND_AT_INVALID);
      return;
    }
    const parsed = bookmarkSchema.safeParse({ remindAt: at.toISOString() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REMIND_AT_INVALID);
      return;
    }
    setError(null);
    onSubmit(at.toISOString());
  };

  return (
    <div className="flex flex-col gap-4">
      {remindAt && (
        <p className="text-sm text-muted">
          Reminder set for <time dateTime={remindAt} className="font-medium text-foreground">{formatDateTime(remindAt)}</time>
        </p>
      )}
      <div role="group" aria-label="Remind me" className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {reminderPresets(now()).map((preset) => (
          <Button key={preset.label} variant="outline" size="sm" disabled={pending} onClick={() => onSubmit(preset.at.toISOString())}>
            {preset.label}
          </Button>
        ))}
      </div>
      <form onSubmit={submitCustom} noValidate className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Date and time</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            type="datetime-local"
            value={custom}
            min={toLocalInputValue(now())}
            onChange={(event) => {
              setCustom(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <Button type="submit" disabled={pending} className="shrink-0">
            Set reminder
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      {remindAt && (
        <Button variant="ghost" size="sm" className="self-start" disabled={pending} onClick={() => onSubmit(null)}>
          <BellOff aria-hidden />
          Clear reminder
        </Button>
      )}
    </div>
  );
}
