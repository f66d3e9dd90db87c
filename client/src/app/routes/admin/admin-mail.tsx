import { Inbox, Mail } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageContainer } from "@/components/layouts/page-container";
import { RelativeTime } from "@/components/relative-time";
import { Spinner } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { useOutbox, useOutboxMail } from "@/features/admin/api/outbox";
import { AdminSection } from "@/features/admin/components/admin-section";
import { usePageTitle } from "@/hooks/use-page-title";
import { cn } from "@/lib/cn";

/** The open mail's text part. */
function MailText({ id }: { id: string }) {
  const mail = useOutboxMail(id);
  if (mail.isPending) return <Spinner className="py-10" />;
  if (mail.isError) return <ErrorState title="Failed to load the mail" error={mail.error} />;
  return (
    <article aria-label={mail.data.subject} className="border-t border-border px-4 py-4 sm:px-5">
      <p className="text-sm text-muted">To {mail.data.to}</p>
      <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap break-words">{mail.data.text}</pre>
    </article>
  );
}

/** /admin/mail (admins only): the mail written to DATA_DIR/mail when the site has no SMTP_URL. */
export function AdminMailScreen() {
  usePageTitle("Mail");
  const outbox = useOutbox();
  const [open, setOpen] = useState<string | null>(null);

  let content;
  if (outbox.isPending) content = <Spinner className="py-14" />;
  else if (outbox.isError) content = <ErrorState title="Failed to load the mail" error={outbox.error} />;
  else if (outbox.data.mails.length === 0) content = <EmptyState icon={Inbox} title="No mail yet" description="Mail the site sends is written here." />;
  else {
    content = (
      <ul className="divide-y divide-border">
        {outbox.data.mails.map((mail) => (
          <li key={mail.id}>
            <button
              type="button"
              aria-expanded={open === mail.id}
              onClick={() => setOpen(open === mail.id ? null : mail.id)}
              className={cn("flex w-full cursor-pointer flex-col gap-0.5 px-4 py-3 text-left hover:bg-surface-raised sm:px-5", open === mail.id && "bg-surface-raised")}
            >
              <span className="font-medium">{mail.subject}</span>
              <span className="text-sm text-muted">
                {mail.to} · <RelativeTime timestamp={mail.date} />
              </span>
            </button>
            {open === mail.id && <MailText id={mail.id} />}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Mail</h1>
        <p className="mt-1 text-sm text-muted">
          Without SMTP_URL nothing is sent: mail is written to the data folder and read here. <TextLink href="/admin">Back to the admin panel</TextLink>
        </p>
      </div>
      <AdminSection icon={Mail} title="Written mail" description="Newest first">
        {content}
      </AdminSection>
    </PageContainer>
  );
}
