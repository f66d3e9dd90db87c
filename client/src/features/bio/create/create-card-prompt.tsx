import { IdCard } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Card } from "@/components/ui/card";
import { EDITOR_CREATION_ERROR } from "../messages";
import { CreateCardButton } from "./create-card-button";

/** /bio for a member without a card yet: the same 'Create Bio Card' the dashboard offers. */
export function CreateCardPrompt({ username }: { username: string }) {
  return (
    <Card>
      <EmptyState
        icon={IdCard}
        title="You don't have a bio card yet"
        description={`Create one to share your links at /${username}.`}
        action={<CreateCardButton errorTitle={EDITOR_CREATION_ERROR} />}
      />
    </Card>
  );
}
