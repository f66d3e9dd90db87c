import { ChartLine, Share2 } from "lucide-react";
import { useState } from "react";
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from "@shared/constants";
import type { BioAnalytics } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { countLabel } from "@/lib/count-label";
import { useBioAnalytics } from "../api/get-bio-analytics";
import { ShareCardDialog } from "../share/share-card-dialog";
import { ActivityChart, CLICKS_COLOR, VIEWS_COLOR } from "./activity-chart";
import { ActivityTable } from "./activity-table";
import { LinksByClicks } from "./links-by-clicks";
import { Devices, TopSources } from "./sources-and-devices";

/**
 * The editor's Analytics tab: views, unique visitors and clicks per day for the last 7, 30 or 90
 * days (chart, and the same numbers as a table), the period's totals, the links by clicks, the top
 * sources and the devices.
 */
export function AnalyticsTab({ username }: { username: string }) {
  const [days, setDays] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const analytics = useBioAnalytics(days);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-base font-semibold">Views and clicks</h3>
        <PeriodPicker value={days} onChange={setDays} />
      </div>
      {analytics.isPending ? (
        <Spinner className="py-16" />
      ) : analytics.isError ? (
        <ErrorState title="Failed to load analytics" error={analytics.error} onRetry={() => void analytics.refetch()} retrying={analytics.isFetching} />
      ) : (
        <AnalyticsReport data={analytics.data} days={days} username={username} />
      )}
      <p className="text-xs text-muted">
        A visitor counts once a day for a view and once a day for each link; unique visitors are the day's different browsers. Sources are the
        sites people came from, by name only. Your own visits and bots are not counted. Days are in UTC.
      </p>
    </div>
  );
}

function PeriodPicker({ value, onChange }: { value: AnalyticsPeriod; onChange: (days: AnalyticsPeriod) => void }) {
  return (
    <div role="radiogroup" aria-label="Period" className="inline-flex rounded-control border border-border bg-background p-0.5">
      {ANALYTICS_PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          role="radio"
          aria-checked={value === days}
          onClick={() => onChange(days)}
          className={cn(
            "cursor-pointer rounded-[0.375rem] px-3 py-1.5 text-sm font-medium text-muted transition-colors hover:text-foreground",
            "focus-visible:outline-2 focus-visible:outline-primary",
            value === days && "bg-surface-raised text-foreground shadow-sm",
          )}
        >
          {days} days
        </button>
      ))}
    </div>
  );
}

function AnalyticsReport({ data, days, username }: { data: BioAnalytics; days: AnalyticsPeriod; username: string }) {
  const { totals } = data;
  if (totals.views === 0 && totals.clicks === 0) {
    return (
      <EmptyState
        icon={ChartLine}
        title={`No views or clicks in the last ${days} days`}
        description="When people open your card, its views and link clicks per day show up here. Share the link to get the first ones."
        action={
          <ShareCardDialog username={username}>
            <Button variant="outline">
              <Share2 aria-hidden />
              Share your card
            </Button>
          </ShareCardDialog>
        }
        className="rounded-card border border-dashed border-border py-10"
      />
    );
  }

  const clickRate = totals.views ? `${Math.round((totals.clicks / totals.views) * 100)}%` : "–";
  const summary = `Views and clicks per day, last ${days} days: ${countLabel(totals.views, "view")} and ${countLabel(totals.clicks, "click")} in all.`;
  return (
    <>
      <dl className="grid grid-cols-3 gap-3">
        <Total label="Views" value={totals.views.toLocaleString()} color={VIEWS_COLOR} />
        <Total label="Clicks" value={totals.clicks.toLocaleString()} color={CLICKS_COLOR} />
        <Total label="Click rate" value={clickRate} />
      </dl>
      <section aria-labelledby="analytics-per-day" className="flex flex-col gap-3">
        <h3 id="analytics-per-day" className="sr-only">
          Per day
        </h3>
        <ActivityChart days={data.days} summary={summary} />
        <ActivityTable days={data.days} />
      </section>
      <LinksByClicks links={data.links} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopSources referrers={data.referrers} />
        <Devices devices={data.devices} />
      </div>
    </>
  );
}

function Total({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div className="rounded-control border border-border bg-background/60 px-3 py-3 sm:px-4">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
        {color && <span className="size-2 rounded-full" style={{ backgroundColor: color }} aria-hidden />}
        {label}
      </dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}
