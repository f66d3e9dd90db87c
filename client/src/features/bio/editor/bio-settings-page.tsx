import { ErrorState } from "@/components/error-state";
import { PageContainer } from "@/components/layouts/page-container";
import { Spinner } from "@/components/ui/spinner";
import { usePageTitle } from "@/hooks/use-page-title";
import { useBioSettings } from "../api/get-bio-settings";
import { BioEditor } from "./bio-editor";
import { CreateCardPrompt } from "../create/create-card-prompt";

/** /bio: the editor once the settings are loaded; nothing at all when they answer 401. */
export function BioSettingsPage() {
  usePageTitle("Bio Card");
  const settings = useBioSettings();

  if (settings.isPending) return <Spinner className="flex-1" />;
  if (settings.isError) {
    return (
      <PageContainer>
        <ErrorState title="Failed to load your bio card" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      </PageContainer>
    );
  }
  const data = settings.data;
  if (!data) return null;

  return (
    <PageContainer>
      {data.bioCard ? (
        // Loaded once: later reads of the settings (after a link change) do not reset what is being edited.
        <BioEditor key={data.bioCard.id} settings={data} card={data.bioCard} />
      ) : (
        <div className="flex flex-col gap-6">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Bio Card</h1>
            <p className="mt-1 text-sm text-muted">Customize your public card</p>
          </div>
          <CreateCardPrompt username={data.user.username} />
        </div>
      )}
    </PageContainer>
  );
}
