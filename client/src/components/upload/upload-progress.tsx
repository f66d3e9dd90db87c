import { cn } from "@/lib/cn";

interface UploadProgressProps {
  /** Fraction sent, 0 to 1; null while unknown (the bar then runs without a value). */
  progress: number | null;
  label?: string;
  className?: string;
}

/** 'Uploading file...' with a progress bar (determinate once the browser reports progress). */
export function UploadProgress({ progress, label = "Uploading file...", className }: UploadProgressProps) {
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className={cn("flex w-full flex-col gap-1.5", className)}>
      <div className="flex items-center justify-between gap-3 text-xs text-muted">
        <span>{label}</span>
        {percent !== null && <span className="tabular-nums">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="relative h-1.5 overflow-hidden rounded-full bg-surface-raised"
      >
        {percent === null ? (
          <div className="absolute inset-y-0 w-1/3 animate-upload-indeterminate rounded-full bg-primary" />
        ) : (
          <div className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out" style={{ width: `${percent}%` }} />
        )}
      </div>
    </div>
  );
}
