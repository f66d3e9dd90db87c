import type { BioAnalytics } from "@shared/types";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAnalyticsDay } from "./analytics-day";

/** The chart's numbers as a table, folded away until asked for; newest day first. */
export function ActivityTable({ days }: { days: BioAnalytics["days"] }) {
  return (
    <details className="group rounded-control border border-border">
      <summary className="cursor-pointer rounded-control px-4 py-2.5 text-sm font-medium text-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary">
        Show as table
      </summary>
      {/* Scrolls on its own (90 rows), so it takes the focus to be scrolled from the keyboard. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Views and clicks per day, as a table"
        className="max-h-80 overflow-y-auto border-t border-border focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
      >
        <Table>
          <caption className="sr-only">Views and clicks per day</caption>
          <TableHeader>
            <TableHead>Date</TableHead>
            <TableHead className="text-right">Views</TableHead>
            <TableHead className="text-right">Unique visitors</TableHead>
            <TableHead className="text-right">Clicks</TableHead>
          </TableHeader>
          <TableBody>
            {[...days].reverse().map((day) => (
              <TableRow key={day.date}>
                <TableCell>
                  <time dateTime={day.date}>{formatAnalyticsDay(day.date, "EEE, MMM d")}</time>
                </TableCell>
                <TableCell className="text-right tabular-nums">{day.views.toLocaleString()}</TableCell>
                <TableCell className="text-right tabular-nums">{day.uniqueVisitors.toLocaleString()}</TableCell>
                <TableCell className="text-right tabular-nums">{day.clicks.toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </details>
  );
}
