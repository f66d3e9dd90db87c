import { IdCard, LoaderCircle, Sparkles } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useCreateBioCard } from "../api/create-bio-card";

/** /bio for a member without a card yet: the same 'Create Bio Card' the dashboard offers. */
export function CreateCardPrompt({ username }: { username: string }) {
  const create = useCreateBioCard();
  return (
    <Card>
      <EmptyState
        icon={IdCard}
        title="You don't have a bio card yet"
        description={`Create one to share your links at /${username}.`}
        action={
          <Button disabled={create.isPending} onClick={() => create.mutate()}>
            {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
            {create.isPending ? "Creating..." : "Create Bio Card"}
          </Button>
        }
      />
    </Card>
  );
}
