import { Monitor, Smartphone } from "lucide-react";
import type { BioAnalytics } from "@shared/types";
import { countLabel } from "@/lib/count-label";
import { VIEWS_COLOR } from "./activity-chart";

/** Where the period's views came from (the site's host, or direct), most first, each with a bar against the top one. */
export function TopSources({ referrers }: { referrers: BioAnalytics["referrers"] }) {
  const most = Math.max(1, ...referrers.map((source) => source.views));
  return (
    <section aria-labelledby="analytics-sources" className="flex flex-col gap-3">
      <h3 id="analytics-sources" className="text-base font-semibold">
        Top sources
      </h3>
      {referrers.length === 0 ? (
        <p className="text-sm text-muted">No views in this period.</p>
      ) : (
        <ol aria-label="Top sources" className="flex flex-col gap-2">
          {referrers.map((source) => (
            <li key={source.source} className="rounded-control border border-border bg-background/60 px-3 py-2.5">
              <div className="flex items-baseline gap-3 text-sm">
                <span className="min-w-0 flex-1 truncate font-medium">{source.source === "direct" ? "Direct" : source.source}</span>
                <span className="shrink-0 tabular-nums text-muted">{countLabel(source.views, "view")}</span>
              </div>
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-raised" aria-hidden>
                <div className="h-full rounded-full" style={{ width: `${(source.views / most) * 100}%`, backgroundColor: VIEWS_COLOR }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The period's views on phones and tablets against computers. */
export function Devices({ devices }: { devices: BioAnalytics["devices"] }) {
  const total = devices.mobile + devices.desktop;
  const share = (views: number) => (total ? `${Math.round((views / total) * 100)}%` : "–");
  const rows = [
    { label: "Mobile", icon: Smartphone, views: devices.mobile },
    { label: "Desktop", icon: Monitor, views: devices.desktop },
  ];
  return (
    <section aria-labelledby="analytics-devices" className="flex flex-col gap-3">
      <h3 id="analytics-devices" className="text-base font-semibold">
        Devices
      </h3>
      <dl className="grid grid-cols-2 gap-3">
        {rows.map(({ label, icon: Icon, views }) => (
          <div key={label} className="rounded-control border border-border bg-background/60 px-3 py-3 sm:px-4">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
              <Icon className="size-3.5" aria-hidden />
              {label}
            </dt>
            <dd className="mt-1 flex items-baseline gap-2">
              <span className="text-xl font-semibold tabular-nums">{views.toLocaleString()}</span>
              <span className="text-xs text-muted tabular-nums">{share(views)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
