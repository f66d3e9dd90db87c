import { useEffect, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SwitchField } from "@/components/ui/switch-field";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { disablePush, enablePush, pushState, type PushState } from "../lib/push-device";

const STATE_TEXT: Record<Exclude<PushState, "on" | "off">, string> = {
  unsupported: "This browser cannot receive push notifications. On a phone, add the site to your home screen first.",
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings, then come back.",
};

/** "Push on this device": this browser's subscription, made (permission asked) or ended with the switch. */
export function PushDeviceCard() {
  const [state, setState] = useState<PushState | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState, () => setState("unsupported"));
  }, []);

  const change = (on: boolean) => {
    if (busy) return;
    setBusy(true);
    (on ? enablePush() : disablePush())
      .then(setState, (error: unknown) => toast({ variant: "destructive", title: "Failed to change push notifications", description: apiErrorMessage(error) }))
      .finally(() => setBusy(false));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Push on this device</CardTitle>
        <CardDescription>When you are not on the site, this browser shows your notifications and messages.</CardDescription>
      </CardHeader>
      <CardContent>
        {state === "unsupported" || state === "denied" ? (
          <p className="text-sm text-muted">{STATE_TEXT[state]}</p>
        ) : (
          <SwitchField
            label="Push on this device"
            description={busy ? "Saving…" : state === "on" ? "On for this browser" : "Off for this browser"}
            checked={state === "on"}
            onChange={change}
          />
        )}
      </CardContent>
    </Card>
  );
}
