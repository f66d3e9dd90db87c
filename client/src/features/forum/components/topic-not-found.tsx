import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "wouter";
import { CenteredPage } from "@/components/layouts/centered-page";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TOPIC_NOT_FOUND } from "../messages";

/** In place of a topic that does not exist (or no longer does). */
export function TopicNotFound() {
  return (
    <CenteredPage>
      <Card className="w-full max-w-md px-6 py-10 text-center sm:px-10">
        <div className="mx-auto mb-6 grid size-14 place-items-center rounded-full bg-primary/10 ring-1 ring-primary/30">
          <SearchX className="size-6 text-primary" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold">{TOPIC_NOT_FOUND}</h1>
        <p className="mt-2 text-muted">It may have been deleted, or the link is wrong.</p>
        <Link href="/forum" className={buttonClasses({ className: "mt-8" })}>
          <ArrowLeft aria-hidden />
          Back to Forum
        </Link>
      </Card>
    </CenteredPage>
  );
}
