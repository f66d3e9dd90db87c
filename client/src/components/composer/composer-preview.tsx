import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { MarkdownHtml } from "@/components/markdown-html";
import { apiErrorMessage } from "@/lib/api-error";
import { fetchPreview, previewQueryKey } from "./api";

/** The Preview tab: the text as the server will render it (POST /api/preview), shown through MarkdownHtml. */
export function ComposerPreview({ content, minHeight }: { content: string; minHeight: string }) {
  const blank = content.trim() === "";
  const preview = useQuery({
    queryKey: previewQueryKey(content),
    queryFn: () => fetchPreview(content),
    enabled: !blank,
    staleTime: Infinity,
    retry: false,
  });

  return (
    <div className="overflow-auto px-3 py-2 text-sm/6" style={{ minHeight }} aria-live="polite">
      {blank ? (
        <p className="text-muted">Nothing to preview</p>
      ) : preview.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <LoaderCircle className="size-4 animate-spin" aria-hidden /> Rendering preview...
        </p>
      ) : preview.isError ? (
        <p className="text-destructive">{apiErrorMessage(preview.error, "The preview could not be loaded")}</p>
      ) : (
        <MarkdownHtml html={preview.data} className="text-foreground" />
      )}
    </div>
  );
}
