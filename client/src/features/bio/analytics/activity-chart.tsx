import { useState, type PointerEvent } from "react";
import type { BioAnalytics } from "@shared/types";
import { useElementWidth } from "@/hooks/use-element-width";
import { chartCeiling, formatAnalyticsDay } from "./analytics-day";

type Day = BioAnalytics["days"][number];

const HEIGHT = 224;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };
/** Pixels each date on the x axis needs ('Nov 22' and room around it). */
const X_LABEL_SPACE = 64;

export const VIEWS_COLOR = "#818cf8";
export const CLICKS_COLOR = "#34d399";

/**
 * Views (line over a soft area) and clicks (line) per day, on one scale, drawn to the measured
 * width. Pointing at a day shows its numbers. For screen readers the SVG is one image with a summary;
 * the numbers themselves are in the table beside it.
 */
export function ActivityChart({ days, summary }: { days: Day[]; summary: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);

  const ceiling = chartCeiling(Math.max(...days.map((day) => Math.max(day.views, day.clicks))));
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (days.length > 1 ? (index * plotWidth) / (days.length - 1) : plotWidth / 2);
  const y = (value: number) => PAD.top + plotHeight - (value / ceiling) * plotHeight;
  const line = (key: "views" | "clicks") => days.map((day, index) => `${index ? "L" : "M"}${x(index)},${y(day[key])}`).join("");
  // Every step-th day is named, counting back from the latest, so that labels never touch.
  const step = Math.ceil(days.length / Math.max(2, Math.floor(plotWidth / X_LABEL_SPACE)));
  const labelled = (index: number) => (days.length - 1 - index) % step === 0;

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = Math.round(((event.clientX - left - PAD.left) / Math.max(1, plotWidth)) * (days.length - 1));
    setActive(Math.min(days.length - 1, Math.max(0, index)));
  };
  const shown = active === null ? null : days[active];

  return (
    <div ref={ref} className="relative">
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={summary} className="block touch-pan-y select-none" onPointerMove={pointAt} onPointerDown={pointAt} onPointerLeave={() => setActive(null)}>
          {[0, ceiling / 2, ceiling].map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#272b38" strokeDasharray={tick ? "3 4" : undefined} />
              <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-muted text-[0.6875rem] tabular-nums">
                {tick.toLocaleString()}
              </text>
            </g>
          ))}
          {days.map((day, index) =>
            labelled(index) ? (
              <text key={day.date} x={x(index)} y={HEIGHT - 8} textAnchor={index === 0 ? "start" : index === days.length - 1 ? "end" : "middle"} className="fill-muted text-[0.6875rem]">
                {formatAnalyticsDay(day.date)}
              </text>
            ) : null,
          )}
          <path d={`${line("views")}L${x(days.length - 1)},${y(0)}L${x(0)},${y(0)}Z`} fill={VIEWS_COLOR} fillOpacity={0.12} />
          <path d={line("views")} fill="none" stroke={VIEWS_COLOR} strokeWidth={2} strokeLinejoin="round" />
          <path d={line("clicks")} fill="none" stroke={CLICKS_COLOR} strokeWidth={2} strokeLinejoin="round" />
          {shown && active !== null && (
            <g>
              <line x1={x(active)} x2={x(active)} y1={PAD.top} y2={PAD.top + plotHeight} stroke="#8b91a5" strokeOpacity={0.5} />
              <circle cx={x(active)} cy={y(shown.views)} r={4} fill={VIEWS_COLOR} stroke="#13151d" strokeWidth={2} />
              <circle cx={x(active)} cy={y(shown.clicks)} r={4} fill={CLICKS_COLOR} stroke="#13151d" strokeWidth={2} />
            </g>
          )}
        </svg>
      )}
      {shown && active !== null && (
        <div
          aria-hidden
          className="pointer-events-none absolute top-0 z-10 min-w-28 rounded-control border border-border bg-surface-raised px-3 py-2 text-xs shadow-lg shadow-black/40"
          style={x(active) > width / 2 ? { right: width - x(active) + 10 } : { left: x(active) + 10 }}
        >
          <p className="font-medium text-foreground">{formatAnalyticsDay(shown.date, "EEE, MMM d")}</p>
          <p className="mt-1 flex justify-between gap-3 text-muted">
            Views <span className="font-medium tabular-nums text-foreground">{shown.views.toLocaleString()}</span>
          </p>
          <p className="flex justify-between gap-3 text-muted">
            Unique visitors <span className="font-medium tabular-nums text-foreground">{shown.uniqueVisitors.toLocaleString()}</span>
          </p>
          <p className="flex justify-between gap-3 text-muted">
            Clicks <span className="font-medium tabular-nums text-foreground">{shown.clicks.toLocaleString()}</span>
          </p>
        </div>
      )}
    </div>
  );
}
