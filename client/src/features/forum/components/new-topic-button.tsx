import { Plus } from "lucide-react";
import { lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";

const loadDialog = () => import("./new-topic-dialog");
const NewTopicDialog = lazy(() => loadDialog().then((module) => ({ default: module.NewTopicDialog })));

/** 'New Topic': opens the dialog, whose form code loads on the first touch of the button. */
export function NewTopicButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button aria-haspopup="dialog" aria-expanded={open} onPointerDown={() => void loadDialog()} onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        New Topic
      </Button>
      <MountWhenOpened open={open}>
        <NewTopicDialog open={open} setOpen={setOpen} />
      </MountWhenOpened>
    </>
  );
}
