import type { ReactNode } from "react";
import type { CurrentUser } from "@shared/types";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/text-link";
import { countLabel } from "@/lib/count-label";
import { formatDate } from "@/lib/format-date";
import { AvatarField } from "./avatar-field";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

/** Profile Information: the avatar with Change and Remove, then username, UID, posts, inviter and registration date. */
export function ProfileInformationCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
        <CardDescription>How other members see you</CardDescription>
      </CardHeader>
      <div className="flex flex-col gap-5 px-6 pb-6">
        <AvatarField user={user} />
        <dl aria-label="Account details" className="divide-y divide-border border-t border-border">
          <Row term="Username">
            <TextLink href={`/user/${encodeURIComponent(user.username)}`}>{user.username}</TextLink>
          </Row>
          <Row term="UID">
            <span className="font-mono">{user.id}</span>
          </Row>
          <Row term="Posts">{countLabel(user.postsCount, "post")}</Row>
          <Row term="Invited by">
            {user.invitedByUsername ? (
              <TextLink href={`/user/${encodeURIComponent(user.invitedByUsername)}`}>{user.invitedByUsername}</TextLink>
            ) : (
              "System"
            )}
          </Row>
          <Row term="Registered">{formatDate(user.createdAt)}</Row>
        </dl>
      </div>
    </Card>
  );
}
