import { Users, UserRoundX } from "lucide-react";
import { Link } from "wouter";
import { CenteredPage } from "@/components/layouts/centered-page";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export const USER_NOT_FOUND = "User Not Found";

/** In place of a profile that does not exist (or no longer does). */
export function UserNotFound() {
  return (
    <CenteredPage>
      <Card className="w-full max-w-md px-6 py-10 text-center sm:px-10">
        <div className="mx-auto mb-6 grid size-14 place-items-center rounded-full bg-primary/10 ring-1 ring-primary/30">
          <UserRoundX className="size-6 text-primary" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold">{USER_NOT_FOUND}</h1>
        <p className="mt-2 text-muted">The user profile you're looking for doesn't exist.</p>
        <Link href="/userlist" className={buttonClasses({ className: "mt-8" })}>
          <Users aria-hidden />
          Browse members
        </Link>
      </Card>
    </CenteredPage>
  );
}
