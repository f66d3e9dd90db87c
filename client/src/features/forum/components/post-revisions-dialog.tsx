import { MarkdownHtml } from "@/components/markdown-html";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format-date";
import { usePostRevisions, type RevisionsOf } from "../api/get-post-revisions";

/** The texts a post (or a topic's opener) has had, newest (its current text) first: what its 'edited' mark opens. */
function RevisionList({ of }: { of: RevisionsOf }) {
  const { data, isPending, isError } = usePostRevisions(of);
  if (isPending) return <Spinner className="py-8" />;
  if (isError) return <p className="py-6 text-sm text-muted">The history could not be loaded.</p>;
  return (
    <ol className="mt-4 space-y-4">
      {data.revisions.map((revision, index) => (
        <li key={revision.version} className="rounded-control border border-border p-3 sm:p-4">
          <p className="mb-2 flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
            <span className="font-medium text-foreground">
              Version {revision.version}
              {index === 0 ? " (current)" : ""}
            </span>
            <time dateTime={revision.editedAt}>{formatDateTime(revision.editedAt)}</time>
          </p>
          <MarkdownHtml html={revision.html} className="text-sm/6" />
        </li>
      ))}
    </ol>
  );
}

export function PostRevisionsDialog({ of, open, onOpenChange }: { of: RevisionsOf; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Edit history</DialogTitle>
        <DialogDescription>Every version of this post, newest first.</DialogDescription>
        {open && <RevisionList of={of} />}
      </DialogContent>
    </Dialog>
  );
}
