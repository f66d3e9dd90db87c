import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * The content column of every regular screen, aligned with the top navigation: one width for all,
 * so content does not jump from screen to screen (`className` arranges what is inside, never the width).
 */
export function PageContainer({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10", className)} {...props} />;
}
