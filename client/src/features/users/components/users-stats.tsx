import { Crown, MessageSquare, Users, type LucideIcon } from "lucide-react";
import type { UsersListResponse } from "@shared/types";

function StatTile({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number | undefined }) {
  return (
    <div className="flex items-center gap-3 rounded-card border border-border bg-surface px-3 py-3 shadow-lg shadow-black/20 sm:px-5 sm:py-4">
      <span className="hidden size-10 shrink-0 place-items-center rounded-control bg-primary/10 ring-1 ring-primary/30 sm:grid">
        <Icon className="size-5 text-primary" aria-hidden />
      </span>
      <dl className="min-w-0">
        <dt className="truncate text-[0.6875rem] font-medium tracking-wide text-muted uppercase sm:text-xs">{label}</dt>
        <dd className="text-xl font-semibold tabular-nums">{value === undefined ? "–" : value.toLocaleString("en-US")}</dd>
      </dl>
    </div>
  );
}

/** Total Users, Admins and Total Posts of the whole community (not of the page shown). */
export function UsersStats({ data }: { data: UsersListResponse | undefined }) {
  return (
    <section aria-label="Community statistics" className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatTile icon={Users} label="Total Users" value={data?.pagination.totalUsers} />
      <StatTile icon={Crown} label="Admins" value={data?.stats.totalAdmins} />
      <StatTile icon={MessageSquare} label="Total Posts" value={data?.stats.totalPosts} />
    </section>
  );
}
