import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

export function Spinner({ className }: { className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3 text-muted", className)}>
      <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden />
      <span className="text-sm">Loading...</span>
    </div>
  );
}
