import { ImageUp, LoaderCircle, Trash2 } from "lucide-react";
import { FILE_FIELD_KINDS } from "@shared/constants";
import type { CurrentUser } from "@shared/types";
import { UploadProgress } from "@/components/upload/upload-progress";
import { UploadRefusal } from "@/components/upload/upload-refusal";
import { Button } from "@/components/ui/button";
import { UserAvatar } from "@/components/user-avatar";
import { UploadHandledError, useFileUpload } from "@/hooks/use-file-upload";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { deleteUpload, uploadFilename, type UploadProblem } from "@/lib/upload";
import { useUpdateProfile } from "../api/update-profile";
import { AVATAR_INVALID_FORMAT, AVATAR_REMOVED, AVATAR_TOO_LARGE, AVATAR_UPDATED } from "../messages";

const describeAvatarProblem = (problem: UploadProblem) => (problem.reason === "type" ? AVATAR_INVALID_FORMAT : AVATAR_TOO_LARGE);

/** Removes a file of ours that nothing points at any more; a failure only leaves a stray file behind. */
function discardUpload(url: string | null | undefined) {
  if (!url || !uploadFilename(url)) return;
  deleteUpload(url).catch((error: unknown) => console.warn("Could not delete the old upload:", error));
}

/**
 * The member's avatar with Change and Remove. Change picks an image (or takes one dropped on the
 * avatar), checks it (an image, at most 25 MB), uploads it with its progress and saves it as the
 * avatar; Remove saves an empty avatar. The file that is no longer the avatar is deleted.
 */
export function AvatarField({ user }: { user: Pick<CurrentUser, "username" | "avatar"> }) {
  const updateProfile = useUpdateProfile();
  const field = useFileUpload({
    kind: FILE_FIELD_KINDS.avatar,
    describeProblem: describeAvatarProblem,
    onUploaded: async (url) => {
      const previous = user.avatar;
      try {
        await updateProfile.mutateAsync({ avatar: url });
      } catch (error) {
        discardUpload(url);
        throw new UploadHandledError(error);
      }
      if (previous !== url) discardUpload(previous);
      toast(AVATAR_UPDATED);
    },
  });
  const removing = updateProfile.isPending && !field.busy;
  const busy = field.busy || updateProfile.isPending;

  const remove = async () => {
    const previous = user.avatar;
    try {
      await updateProfile.mutateAsync({ avatar: "" });
    } catch {
      return; // the mutation showed 'Update error'
    }
    discardUpload(previous);
    toast(AVATAR_REMOVED);
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div
        {...field.dropZoneProps}
        data-testid="avatar-drop-zone"
        className={cn(
          "relative rounded-full p-1 transition-colors",
          field.dragOver ? "bg-primary/30 ring-2 ring-primary ring-offset-2 ring-offset-surface" : "bg-transparent",
        )}
      >
        <UserAvatar username={user.username} src={user.avatar} size="xl" />
        {busy && (
          <span className="absolute inset-1 grid place-items-center rounded-full bg-background/85">
            <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden />
          </span>
        )}
      </div>
      <div className="flex w-full max-w-56 flex-col items-center gap-2.5 sm:items-start">
        <input {...field.inputProps} aria-label="Avatar image" className="sr-only" tabIndex={-1} />
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={busy} onClick={field.openPicker}>
            <ImageUp aria-hidden />
            Change
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="hover:bg-destructive/10 hover:text-destructive-hover"
            disabled={busy || !user.avatar}
            onClick={() => void remove()}
          >
            {removing ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            Remove
          </Button>
        </div>
        {field.busy ? (
          <UploadProgress progress={field.progress} />
        ) : (
          <p className="text-center text-xs text-muted sm:text-left">PNG, JPG, GIF or WEBP, up to 25 MB. You can also drop an image on the avatar.</p>
        )}
        <UploadRefusal refusal={field.refused} />
      </div>
    </div>
  );
}
