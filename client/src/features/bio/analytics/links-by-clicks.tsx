import type { BioAnalytics } from "@shared/types";
import { countLabel } from "@/lib/count-label";
import { CLICKS_COLOR } from "./activity-chart";

/** The member's links, most clicked in the period first, each with a bar against the top one. */
export function LinksByClicks({ links }: { links: BioAnalytics["links"] }) {
  const most = Math.max(1, ...links.map((link) => link.clicks));
  return (
    <section aria-labelledby="analytics-links" className="flex flex-col gap-3">
      <h3 id="analytics-links" className="text-base font-semibold">
        Links by clicks
      </h3>
      {links.length === 0 ? (
        <p className="text-sm text-muted">You have no links yet. Add them in the Links tab.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {links.map((link, index) => (
            <li key={link.id} className="rounded-control border border-border bg-background/60 px-3 py-2.5">
              <div className="flex items-baseline gap-3 text-sm">
                <span className="w-5 shrink-0 text-right text-xs tabular-nums text-muted">{index + 1}</span>
                <span className="min-w-0 flex-1 truncate font-medium">{link.title}</span>
                <span className="shrink-0 tabular-nums text-muted">{countLabel(link.clicks, "click")}</span>
              </div>
              <div className="mt-2 ml-8 h-1.5 overflow-hidden rounded-full bg-surface-raised" aria-hidden>
                <div className="h-full rounded-full" style={{ width: `${(link.clicks / most) * 100}%`, backgroundColor: CLICKS_COLOR }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
