import { useMutation } from "@tanstack/react-query";
import { FileAudio, FileVideo, LoaderCircle, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { acceptedExtensions, UPLOAD_KINDS, uploadFormatOf, type UploadKind } from "@shared/constants";
import { useFileUpload } from "@/hooks/use-file-upload";
import { apiErrorMessage } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { deleteUpload } from "@/lib/upload";
import { Button } from "../ui/button";
import { UploadProgress } from "./upload-progress";
import { UploadRefusal } from "./upload-refusal";

interface FileUploadFieldProps {
  label: string;
  kind: UploadKind;
  /** The uploaded file's URL, or null when the field is empty. */
  value: string | null;
  /** Called with the new file's URL after an upload, and with null after the file was deleted. */
  onChange: (url: string | null) => void;
  /** The name the stored file had on the member's device, when the server kept it. */
  fileName?: string;
  /** Told when a file starts and stops uploading: a form sent meanwhile would go without it. */
  onBusyChange?: (busy: boolean) => void;
  className?: string;
}

/**
 * What a stored file looks like in the field: an image itself; a sound or a video by the name it had
 * on the member's device (its URL's name is a random one), else by what it is.
 */
function FilePreview({ url, kind, name }: { url: string; kind: UploadKind; name: string | undefined }) {
  const media = UPLOAD_KINDS[kind].media;
  const isAudio = media.length === 1 && media[0] === "audio";
  const isVideo = media.includes("video") && uploadFormatOf(url)?.media === "video";
  if (!isAudio && !isVideo) {
    return <img src={url} alt="" className="size-12 shrink-0 rounded-control bg-surface-raised object-cover" />;
  }
  const Icon = isAudio ? FileAudio : FileVideo;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Icon className="size-5 shrink-0 text-primary" aria-hidden />
      <span className="truncate text-sm" title={name}>
        {name ?? (isAudio ? "Audio file" : "Video file")}
      </span>
    </span>
  );
}

/**
 * An upload field for the bio card editor and other forms: idle, a highlight while a file is dragged
 * over, 'Uploading file...' with progress, then the uploaded file with a delete button. The file is
 * checked against the kind's types and size before it is sent; deleting removes it from the server.
 */
export function FileUploadField({ label, kind, value, onChange, fileName, onBusyChange, className }: FileUploadFieldProps) {
  const labelId = useId();
  // The file uploaded here, named as on the device until the server's name for it is known.
  const [uploaded, setUploaded] = useState<{ url: string; name: string } | null>(null);
  const field = useFileUpload({
    kind,
    onUploaded: (url, file) => {
      setUploaded({ url, name: file.name });
      onChange(url);
      toast({ title: "File uploaded" });
    },
  });
  useEffect(() => {
    if (!onBusyChange) return;
    onBusyChange(field.busy);
    // A field taken away mid-upload (another icon type chosen) holds its form no longer.
    return () => onBusyChange(false);
  }, [field.busy, onBusyChange]);
  const remove = useMutation({
    mutationFn: deleteUpload,
    onSuccess: () => {
      onChange(null);
      toast({ title: "File deleted" });
    },
    onError: (error) => toast({ variant: "destructive", title: "Delete error", description: apiErrorMessage(error, "Failed to delete file") }),
  });
  const hint = `${acceptedExtensions(kind).join(", ").toUpperCase()} · up to ${UPLOAD_KINDS[kind].maxMb} MB`;

  return (
    <div role="group" aria-labelledby={labelId} className={cn("flex flex-col gap-1.5", className)}>
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <input {...field.inputProps} className="sr-only" tabIndex={-1} aria-hidden />
      {value && !field.busy ? (
        <div className="flex items-center justify-between gap-3 rounded-control border border-border bg-background px-3 py-2">
          <FilePreview url={value} kind={kind} name={uploaded?.url === value ? uploaded.name : fileName} />
          <Button
            variant="ghost"
            size="icon"
            className="size-8 hover:bg-destructive/10 hover:text-destructive-hover"
            aria-label={`Delete ${label.toLowerCase()}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(value)}
          >
            {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          </Button>
        </div>
      ) : (
        <button
          type="button"
          {...field.dropZoneProps}
          onClick={field.openPicker}
          disabled={field.busy}
          className={cn(
            "flex min-h-24 w-full cursor-pointer flex-col items-center justify-center gap-1.5 rounded-control border border-dashed px-4 py-4 text-center transition-colors",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-default",
            field.dragOver ? "border-primary bg-primary/10" : "border-border bg-background hover:border-muted/60",
          )}
        >
          {field.busy ? (
            <UploadProgress progress={field.progress} className="max-w-64" />
          ) : (
            <>
              <Upload className={cn("size-5", field.dragOver ? "text-primary" : "text-muted")} aria-hidden />
              <span className="text-sm font-medium">{field.dragOver ? "Drop the file to upload it" : "Choose a file or drag it here"}</span>
              <span className="text-xs text-muted">{hint}</span>
            </>
          )}
        </button>
      )}
      <UploadRefusal refusal={field.refused} />
    </div>
  );
}
