import * as Tabs from "@radix-ui/react-tabs";
import { useQueryClient } from "@tanstack/react-query";
import { ChartLine, ExternalLink, LayoutPanelTop, Link2, LoaderCircle, Music, Palette, Ruler, Save, Share2, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { bioCardUpdateSchema } from "@shared/schemas/bio";
import type { BioCard, BioSettingsResponse, CurrentUser } from "@shared/types";
import { buttonClasses, Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useOneAtATime } from "@/components/ui/form";
import { useUnsavedChangesWarning } from "@/hooks/use-unsaved-changes-warning";
import { apiErrorMessage, apiValidationIssues } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { currentUserQueryKey } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { useOwnBadges } from "../api/get-own-badges";
import { useUpdateBioCard } from "../api/update-bio-card";
import { AnalyticsTab } from "../analytics/analytics-tab";
import { cardPath } from "../card-url";
import { BIO_CARD_UPDATED, UPDATE_ERROR } from "../messages";
import { ShareCardDialog } from "../share/share-card-dialog";
import { FIELD_TABS, isFormField, resyncAfterSave, toFormValues, type BioFormTab, type BioFormValues } from "./form-values";
import { bioSavePayload } from "./save-payload";
import { BasicTab } from "./basic-tab";
import { CardPreview } from "./card-preview";
import { FileNamesContext } from "./file-names";
import { ColorsTab } from "./colors-tab";
import { DimensionsTab } from "./dimensions-tab";
import { LinksTab } from "./links-tab";
import { MusicTab } from "./music-tab";

/** The form's tabs, then Analytics: what the card's settings brought, read-only. */
type EditorTab = BioFormTab | "analytics";

const TABS: { value: EditorTab; label: string; icon: LucideIcon }[] = [
  { value: "basic", label: "Basic", icon: LayoutPanelTop },
  { value: "colors", label: "Colors", icon: Palette },
  { value: "dimensions", label: "Dimensions", icon: Ruler },
  { value: "music", label: "Music", icon: Music },
  { value: "links", label: "Links", icon: Link2 },
  { value: "analytics", label: "Analytics", icon: ChartLine },
];

interface Issue {
  path: string;
  message: string;
}

interface BioEditorProps {
  settings: BioSettingsResponse;
  card: BioCard;
}

/**
 * The editor: 'Card Settings' in five tabs and Analytics on the left, the live 'Card Preview' on the
 * right, in view while the settings scroll (phones switch between the two). The form loads once from
 * the card; Save Changes, in a bar that stays under the navigation, sends every field.
 */
export function BioEditor({ settings, card }: BioEditorProps) {
  const { user, userLinks } = settings;
  const form = useForm<BioFormValues>({ defaultValues: toFormValues(card) });
  const update = useUpdateBioCard();
  const badges = useOwnBadges(user.id);
  const queryClient = useQueryClient();
  const profileBio = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey)?.bio ?? null;
  const [tab, setTab] = useState<EditorTab>("basic");
  // Phones show one of the two; wide screens both, side by side.
  const [pane, setPane] = useState<"settings" | "preview">("settings");
  useUnsavedChangesWarning(form.formState.isDirty);

  const showIssues = (issues: Issue[]) => {
    let firstTab: BioFormTab | null = null;
    for (const issue of issues) {
      if (!isFormField(issue.path)) continue;
      form.setError(issue.path, { type: "server", message: issue.message });
      firstTab ??= FIELD_TABS[issue.path];
    }
    if (firstTab) {
      setTab(firstTab);
      setPane("settings");
    }
  };

  // A field the rules refuse shows its message beside it (and its tab opens); only the server's answer is a toast.
  const save = useOneAtATime(form.handleSubmit(async (values) => {
    form.clearErrors();
    const payload = bioSavePayload(values, card);
    const checked = bioCardUpdateSchema.safeParse(payload);
    if (!checked.success) {
      showIssues(checked.error.issues.map((issue) => ({ path: String(issue.path[0] ?? ""), message: issue.message })));
      return;
    }
    try {
      const saved = await update.mutateAsync(payload);
      form.reset(resyncAfterSave(form.getValues(), saved));
      toast(BIO_CARD_UPDATED);
    } catch (error) {
      showIssues(apiValidationIssues(error));
      toast({ variant: "destructive", title: UPDATE_ERROR, description: apiErrorMessage(error) });
    }
  }));

  const publicPath = cardPath(user.username);

  return (
    <FormProvider {...form}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <header className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Bio Card</h1>
            <p className="mt-1 text-sm text-muted">Customize your public card</p>
            {card.hidden && (
              <p role="status" className="mt-2 rounded-control border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                Your card was hidden after flags from the community: visitors get User Not Found until staff review it.
              </p>
            )}
          </header>
          <div className="flex gap-2">
            <ShareCardDialog username={user.username}>
              <Button variant="outline">
                <Share2 aria-hidden />
                Share
              </Button>
            </ShareCardDialog>
            <a href={publicPath} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "outline" })}>
              <ExternalLink aria-hidden />
              View Public Card
            </a>
          </div>
        </div>

        {/* Sticks under the navigation while the settings scroll, so Save is always at hand. Phones
            have no room for the preview beside the settings: they switch between the two here. */}
        <div className="sticky top-16 z-30 -mx-4 flex items-center gap-2 border-b border-border/60 bg-background/85 px-4 py-2.5 backdrop-blur-md sm:-mx-6 sm:px-6">
          <div role="group" aria-label="Show" className="grid grid-cols-2 gap-1 rounded-control border border-border bg-background p-1 lg:hidden">
            {(["settings", "preview"] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={pane === value}
                onClick={() => setPane(value)}
                className={cn(
                  "cursor-pointer rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary",
                  pane === value ? "bg-surface-raised text-foreground shadow-sm" : "text-muted hover:text-foreground",
                )}
              >
                {value === "settings" ? "Settings" : "Preview"}
              </button>
            ))}
          </div>
          <p className="hidden text-sm text-muted lg:block">{form.formState.isDirty ? "Unsaved changes" : "All changes saved"}</p>
          <Button className="ml-auto" onClick={() => save()} disabled={update.isPending}>
            {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
          <Card className={cn("min-w-0", pane === "preview" && "hidden lg:block")}>
            <div className="border-b border-border px-4 pt-5 pb-4 sm:px-6">
              <h2 className="text-lg font-semibold leading-tight">Card Settings</h2>
            </div>
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
              <Tabs.List aria-label="Card settings" className="grid grid-cols-6 border-b border-border px-1 sm:flex sm:gap-1 sm:px-4">
                {TABS.map(({ value, label, icon: Icon }) => (
                  <Tabs.Trigger
                    key={value}
                    value={value}
                    className={cn(
                      "relative -mb-px flex min-w-0 cursor-pointer flex-col items-center gap-1 rounded-t-md border-b-2 border-transparent px-0.5 pt-2.5 pb-2 text-[0.6875rem] font-medium text-muted transition-colors",
                      "sm:flex-row sm:gap-1.5 sm:px-3 sm:py-3 sm:text-sm",
                      "hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
                      "data-[state=active]:border-primary data-[state=active]:text-foreground",
                    )}
                  >
                    <Icon className="size-4.5 sm:size-4" aria-hidden />
                    {label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {/* The upload fields name the card's files as the member knew them. */}
              <FileNamesContext value={settings.fileNames}>
                <div className="px-4 py-6 sm:px-6">
                  <Tabs.Content value="basic" className="focus-visible:outline-none">
                    <BasicTab badges={badges.data ?? []} badgesLoading={badges.isLoading} />
                  </Tabs.Content>
                  <Tabs.Content value="colors" className="focus-visible:outline-none">
                    <ColorsTab />
                  </Tabs.Content>
                  <Tabs.Content value="dimensions" className="focus-visible:outline-none">
                    <DimensionsTab />
                  </Tabs.Content>
                  <Tabs.Content value="music" className="focus-visible:outline-none">
                    <MusicTab />
                  </Tabs.Content>
                  <Tabs.Content value="links" className="focus-visible:outline-none">
                    <LinksTab links={userLinks} />
                  </Tabs.Content>
                  <Tabs.Content value="analytics" className="focus-visible:outline-none">
                    <AnalyticsTab username={user.username} />
                  </Tabs.Content>
                </div>
              </FileNamesContext>
            </Tabs.Root>
          </Card>

          {/* Beside the settings on wide screens, kept in view under the navigation and the save bar. */}
          <Card className={cn("min-w-0 lg:sticky lg:top-36", pane === "settings" && "hidden lg:block")}>
            <div className="flex items-center justify-between gap-3 px-4 pt-5 pb-4 sm:px-6">
              <h2 className="text-lg font-semibold leading-tight">Card Preview</h2>
              <span className="text-xs text-muted">Live</span>
            </div>
            <div className="px-2 pb-3 sm:px-4 sm:pb-4">
              <CardPreview user={user} profileBio={profileBio} links={userLinks} ownedBadges={badges.data ?? []} viewsCount={card.viewsCount} />
            </div>
          </Card>
        </div>
      </div>
    </FormProvider>
  );
}
