import { lazy } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog-content";
import { MountWhenOpened } from "./mount-when-opened";

const ConfirmDialogContent = lazy(() => import("./confirm-dialog-content").then((module) => ({ default: module.ConfirmDialogContent })));

/** Asks before an action (confirm-dialog-content.tsx); its code loads when it first opens. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <MountWhenOpened open={props.open}>
      <ConfirmDialogContent {...props} />
    </MountWhenOpened>
  );
}
