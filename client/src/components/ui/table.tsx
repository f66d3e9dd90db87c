import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

// The table primitive: header, rows and cells share one look; callers add widths and alignment.

export function Table({ className, ...props }: ComponentProps<"table">) {
  return <table className={cn("w-full text-sm", className)} {...props} />;
}

/** The header row: pass the column headings (TableHead) as children. */
export function TableHeader({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-border bg-background/40">
      <tr>{children}</tr>
    </thead>
  );
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("px-3 py-2.5 text-left text-xs font-medium tracking-wide text-muted uppercase first:pl-5 last:pr-5", className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-border", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("transition-colors hover:bg-surface-raised/50", className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-3 align-middle first:pl-5 last:pr-5", className)} {...props} />;
}
