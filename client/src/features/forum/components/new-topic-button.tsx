import { Plus } from "lucide-react";
import { lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";

const loadDialog = () => import("./new-topic-dialog");
const NewTopicDialog = lazy(() => loadDialog().then((module) => ({ default: module.NewTopicDialog })));

/**
 * 'New Topic': opens the dialog, whose form code loads on the first touch of the button. From a
 * category's list the new topic starts in that category.
 */
export function NewTopicButton({ categoryId }: { categoryId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button aria-haspopup="dialog" aria-expanded={open} onPointerDown={() => void loadDialog()} onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        New Topic
      </Button>
      <MountWhenOpened open={open}>
        <NewTopicDialog key={categoryId} open={open} setOpen={setOpen} categoryId={categoryId} />
      </MountWhenOpened>
    </>
  );
}
