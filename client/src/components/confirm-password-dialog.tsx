import { lazy, useSyncExternalStore } from "react";
import { confirmationStore } from "@/lib/confirmation-store";
import { MountWhenOpened } from "./ui/mount-when-opened";

const ConfirmPasswordDialogContent = lazy(() => import("./confirm-password-dialog-content").then((module) => ({ default: module.ConfirmPasswordDialogContent })));

/**
 * The app's one password dialog (lib/confirmation-store.ts): open while a sensitive change waits for
 * a fresh confirmation. Its code loads when it first opens.
 */
export function ConfirmPasswordDialog() {
  const asking = useSyncExternalStore(confirmationStore.subscribe, confirmationStore.isAsking, () => false);
  return (
    <MountWhenOpened open={asking}>
      <ConfirmPasswordDialogContent open={asking} />
    </MountWhenOpened>
  );
}
