import { LoaderCircle, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCreateBioCard, type CreateBioCardOptions } from "../api/create-bio-card";

/** 'Create Bio Card', which reads 'Creating...' with a spinner while the request runs. */
export function CreateCardButton(options: CreateBioCardOptions) {
  const create = useCreateBioCard(options);
  return (
    <Button disabled={create.isPending} onClick={() => create.mutate()}>
      {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
      {create.isPending ? "Creating..." : "Create Bio Card"}
    </Button>
  );
}
