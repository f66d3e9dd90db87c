import { cloneElement, lazy, useState, type ReactElement } from "react";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";

const loadContent = () => import("./share-card-dialog-content");
// The dialog (and the dialog code under it) loads on the first touch of its button.
const ShareCardDialogContent = lazy(() => loadContent().then((module) => ({ default: module.ShareCardDialogContent })));

interface TriggerProps {
  onClick?: () => void;
  onPointerDown?: () => void;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
}

/** 'Share your card' (share-card-dialog-content.tsx), opened by `children`, the button. */
export function ShareCardDialog({ username, children }: { username: string; children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {cloneElement(children, {
        onClick: () => setOpen(true),
        onPointerDown: () => void loadContent(),
        "aria-haspopup": "dialog",
        "aria-expanded": open,
      })}
      <MountWhenOpened open={open}>
        <ShareCardDialogContent username={username} open={open} setOpen={setOpen} />
      </MountWhenOpened>
    </>
  );
}
