import { ShieldAlert } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { TextLink } from "@/components/ui/text-link";
import { AdminSection } from "@/features/admin/components/admin-section";
import { WatchedWordForm } from "@/features/watched-words/components/watched-word-form";
import { WatchedWordList } from "@/features/watched-words/components/watched-word-list";
import { usePageTitle } from "@/hooks/use-page-title";

/** /admin/watched-words (admins only): the words every topic, post, comment and message is checked against. */
export function AdminWatchedWordsScreen() {
  usePageTitle("Watched words");
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Watched words</h1>
        <p className="mt-1 text-sm text-muted">
          Block a word, flag texts that have it for review, or censor it for readers. <TextLink href="/admin">Back to the admin panel</TextLink>
        </p>
      </div>
      <AdminSection icon={ShieldAlert} title="Words and phrases" description="Newest first" toolbar={<WatchedWordForm />}>
        <WatchedWordList />
      </AdminSection>
    </PageContainer>
  );
}
