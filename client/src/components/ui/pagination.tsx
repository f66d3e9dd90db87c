import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageWindow } from "@/lib/pagination";
import { cn } from "@/lib/cn";
import { Button } from "./button";

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** While a page loads the buttons stay where they are but do nothing. */
  disabled?: boolean;
  /** The navigation's name; screens with two paged lists give each its own. */
  label?: string;
  className?: string;
}

/** Previous, up to five numbered pages around the current one, Next. Hidden when there is one page. */
export function Pagination({ currentPage, totalPages, onPageChange, disabled = false, label = "Pagination", className }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(currentPage, totalPages);
  const go = (page: number) => {
    if (!disabled && page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };

  return (
    <nav aria-label={label} className={cn("flex items-center justify-center gap-1 sm:gap-1.5", className)}>
      <Button variant="outline" size="sm" className="px-2.5 sm:px-3" disabled={currentPage <= 1} onClick={() => go(currentPage - 1)}>
        <ChevronLeft aria-hidden />
        <span className="max-sm:sr-only">Previous</span>
      </Button>
      <ul className="flex items-center gap-1 sm:gap-1.5">
        {pages.map((page) => {
          const current = page === currentPage;
          return (
            <li key={page}>
              <Button
                variant={current ? "primary" : "ghost"}
                size="sm"
                aria-current={current ? "page" : undefined}
                aria-label={`Page ${page}`}
                className={cn("min-w-8 px-2 tabular-nums", !current && "text-foreground")}
                onClick={() => go(page)}
              >
                {page}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" size="sm" className="px-2.5 sm:px-3" disabled={currentPage >= totalPages} onClick={() => go(currentPage + 1)}>
        <span className="max-sm:sr-only">Next</span>
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
