import { Trash2 } from "lucide-react";
import { Button } from "./button";

interface DeleteIconButtonProps {
  /** The accessible name, naming what goes, e.g. 'Delete Moderators'. */
  label: string;
  /** The tooltip: the verb alone, e.g. 'Delete' or 'Remove'. */
  title: string;
  onClick: () => void;
}

/** A list row's trash-can button: quiet like its neighbours until hovered, then red, so a list of rows does not shout at every line. */
export function DeleteIconButton({ label, title, onClick }: DeleteIconButtonProps) {
  return (
    <Button variant="ghost" size="icon" className="size-8 hover:bg-destructive/10 hover:text-destructive-hover" aria-label={label} title={title} onClick={onClick}>
      <Trash2 aria-hidden />
    </Button>
  );
}
