import { Monitor, Smartphone } from "lucide-react";
import type { MemberSession } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatTimeAgo } from "@/lib/format-date";
import { useEndSessions, useSessions } from "../api/sessions";

const PHONE_SYSTEMS = new Set(["iOS", "Android"]);

function SessionRow({ session, ending, onEnd }: { session: MemberSession; ending: boolean; onEnd: () => void }) {
  const Icon = PHONE_SYSTEMS.has(session.os) ? Smartphone : Monitor;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="session-row">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          {session.browser} on {session.os}
          {session.current && <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary-hover">This device</span>}
        </p>
        <p className="text-xs text-muted">
          <span className="font-mono">{session.ip}</span> · Signed in {formatDate(session.createdAt)} ·{" "}
          {session.current ? "Active now" : `Last seen ${formatTimeAgo(session.lastSeenAt)}`}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" disabled={ending} onClick={onEnd} aria-label={`Sign out ${session.browser} on ${session.os}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Sessions: every browser the member is signed in on, each with Sign out, and Sign out all other sessions. */
export function SessionsCard() {
  const sessions = useSessions();
  const endSessions = useEndSessions();
  const list = sessions.data?.sessions ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Where you are signed in. Sign out anything you do not recognise.</CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        {sessions.isPending ? (
          <Spinner className="py-6" />
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">Could not load your sessions.</p>
        ) : (
          <>
            <ul aria-label="Sessions" className="divide-y divide-border border-y border-border">
              {list.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  ending={endSessions.isPending && endSessions.variables === session.id}
                  onEnd={() => endSessions.mutate(session.id)}
                />
              ))}
            </ul>
            {list.length > 1 && (
              <div className="mt-4 flex justify-end">
                <Button variant="outline" className="w-full sm:w-auto" disabled={endSessions.isPending} onClick={() => endSessions.mutate(undefined)}>
                  Sign out all other sessions
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
