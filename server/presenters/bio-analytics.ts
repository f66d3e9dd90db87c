import type { BioAnalytics } from "@shared/types";
import type { DayCounts, DeviceViews, LinkClicks, SourceViews } from "../queries/bio-analytics";

/** The analytics of a card, with the period's totals. */
export function presentBioAnalytics({ days, links, referrers, devices }: { days: DayCounts[]; links: LinkClicks[]; referrers: SourceViews[]; devices: DeviceViews }): BioAnalytics {
  const totals = { views: 0, clicks: 0 };
  for (const day of days) {
    totals.views += day.views;
    totals.clicks += day.clicks;
  }
  return {
    days: days.map(({ date, views, uniqueVisitors, clicks }) => ({ date, views, uniqueVisitors, clicks })),
    links: links.map(({ id, title, clicks }) => ({ id, title, clicks })),
    totals,
    referrers: referrers.map(({ source, views }) => ({ source, views })),
    devices: { mobile: devices.mobile, desktop: devices.desktop },
  };
}
