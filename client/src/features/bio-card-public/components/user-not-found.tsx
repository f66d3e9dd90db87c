import { UserX } from "lucide-react";
import { Link } from "wouter";
import { CenteredPage } from "@/components/layouts/centered-page";
import { buttonClasses } from "@/components/ui/button";

/** A missing, private or unavailable card (bio-card.md section 8). */
export function UserNotFound() {
  return (
    <CenteredPage>
      <section className="flex max-w-md flex-col items-center text-center">
        <div className="mb-5 grid size-14 place-items-center rounded-2xl bg-primary/10 ring-1 ring-primary/30">
          <UserX className="size-7 text-primary" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">User Not Found</h1>
        <p className="mt-3 text-muted">The user you're looking for doesn't exist or has been removed.</p>
        <Link href="/" className={buttonClasses({ variant: "outline", className: "mt-6" })}>
          Go to the home page
        </Link>
      </section>
    </CenteredPage>
  );
}
