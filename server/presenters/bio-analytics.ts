import type { BioAnalytics } from "@shared/types";
import type { DayCounts, LinkClicks } from "../queries/bio-analytics";

/** The analytics of a card, with the period's totals. */
export function presentBioAnalytics({ days, links }: { days: DayCounts[]; links: LinkClicks[] }): BioAnalytics {
  const totals = { views: 0, clicks: 0 };
  for (const day of days) {
    totals.views += day.views;
    totals.clicks += day.clicks;
  }
  return {
    days: days.map(({ date, views, clicks }) => ({ date, views, clicks })),
    links: links.map(({ id, title, clicks }) => ({ id, title, clicks })),
    totals,
  };
}
