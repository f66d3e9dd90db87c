import { ExternalLink, IdCard } from "lucide-react";
import { Link } from "wouter";
import type { CurrentUser } from "@shared/types";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cardPath, cardUrl } from "../card-url";
import { DASHBOARD_CREATION_ERROR } from "../messages";
import { CardShareActions } from "../share/card-share-actions";
import { CreateCardButton } from "./create-card-button";

/**
 * The dashboard's bio card block: 'Create Bio Card' for a member without one; otherwise 'Bio card
 * active' with its address (on PUBLIC_URL when set), Copy link and the QR code.
 */
export function BioCardBlock({ user }: { user: Pick<CurrentUser, "username" | "hasBio"> }) {
  const path = cardPath(user.username);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <IdCard className="size-5 text-primary" aria-hidden />
          Bio Card
        </CardTitle>
        <CardDescription>A public link-in-bio page anyone can open, signed in or not.</CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        {user.hasBio ? (
          <div className="rounded-control border border-success/30 bg-success/10 px-4 py-3">
            <p className="flex items-center gap-2 text-sm font-semibold text-success">
              <span className="size-2 rounded-full bg-success" aria-hidden />
              Bio card active
            </p>
            <Link
              href={path}
              className="mt-1.5 inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-primary-hover underline-offset-4 hover:text-foreground hover:underline"
            >
              <span className="truncate">{cardUrl(user.username).replace(/^https?:\/\//, "")}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden />
            </Link>
            <div className="mt-3">
              <CardShareActions username={user.username} />
            </div>
            <p className="mt-3 text-xs text-muted">Use the Bio button in the navigation to customize your card.</p>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted">
              You don't have a bio card yet. Create one to share your links at <span className="font-medium text-foreground">{path}</span>.
            </p>
            <CreateCardButton errorTitle={DASHBOARD_CREATION_ERROR} openEditor />
          </div>
        )}
      </div>
    </Card>
  );
}
