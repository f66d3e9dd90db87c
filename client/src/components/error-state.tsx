import { CircleAlert, RotateCw } from "lucide-react";
import { apiErrorMessage } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { Button } from "./ui/button";

interface ErrorStateProps {
  /** What could not be loaded, e.g. 'Failed to load topics'. */
  title: string;
  /** The failure; its server message is shown under the title. */
  error: unknown;
  /** Shown under the title instead of the failure's server message. */
  description?: string;
  /** Offers a 'Try Again' button that runs this. */
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** In place of content that failed to load: what failed, the server's message, and a way to try again. */
export function ErrorState({ title, error, description, onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cn("flex flex-col items-center px-6 py-12 text-center", className)}>
      <CircleAlert className="mb-3 size-8 text-destructive" aria-hidden />
      <p className="font-semibold">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-muted">{description ?? apiErrorMessage(error)}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-5" disabled={retrying} onClick={onRetry}>
          <RotateCw className={cn(retrying && "animate-spin")} aria-hidden />
          Try Again
        </Button>
      )}
    </div>
  );
}
