import { formatDateTime } from "@/lib/format-date";

interface BanDetailsProps {
  reason: string | null;
  /** null: the ban is permanent. */
  expiresAt: string | null;
  /** Known once the ban info has loaded. */
  bannedBy?: string | null;
}

/** Why, until when and by whom the member is banned; every value is shown as plain text. */
export function BanDetails({ reason, expiresAt, bannedBy }: BanDetailsProps) {
  const rows = [
    { term: "Reason", detail: reason || "No reason given" },
    { term: "Expires", detail: expiresAt ? formatDateTime(expiresAt) : "Permanent" },
    ...(bannedBy ? [{ term: "Banned by", detail: bannedBy }] : []),
  ];

  return (
    <dl className="divide-y divide-border rounded-control border border-border bg-background/60 text-sm">
      {rows.map(({ term, detail }) => (
        <div key={term} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:gap-4">
          <dt className="shrink-0 text-muted sm:w-24">{term}</dt>
          <dd className="min-w-0 font-medium break-words whitespace-pre-line">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
