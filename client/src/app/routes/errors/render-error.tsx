import { House, RotateCw, TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { NoticePage } from "@/components/notice-page";
import { Button, buttonClasses } from "@/components/ui/button";
import { usePageTitle } from "@/hooks/use-page-title";

/** In place of a screen that failed while rendering: try it again, or leave for the home page. */
export function RenderErrorScreen({ onRetry }: { onRetry: () => void }) {
  usePageTitle("Something went wrong");
  return (
    <NoticePage
      icon={TriangleAlert}
      tone="destructive"
      title="Something went wrong"
      message="This page could not be shown. Try again, or go back to the home page."
    >
      <Button onClick={onRetry}>
        <RotateCw aria-hidden />
        Try Again
      </Button>
      {/* Also resets: on / itself the link does not change the path that re-creates the boundary. */}
      <Link href="/" onClick={onRetry} className={buttonClasses({ variant: "outline" })}>
        <House aria-hidden />
        Back to Home
      </Link>
    </NoticePage>
  );
}
