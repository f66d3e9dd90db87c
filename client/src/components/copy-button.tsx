import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { copyText } from "@/lib/clipboard";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { Button } from "./ui/button";

interface CopyButtonProps {
  text: string;
  /** The button's accessible name, e.g. 'Copy invite code'. */
  label: string;
  /** The toast after copying. */
  copiedMessage?: string;
  className?: string;
}

const COPIED_ICON_MS = 2000;

/** An icon button that copies `text`; shows a check for a moment and a toast. */
export function CopyButton({ text, label, copiedMessage = "Copied to clipboard", className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_ICON_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-8", copied && "text-success hover:text-success", className)}
      aria-label={label}
      title={label}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          toast({ title: "Copied", description: copiedMessage });
        } else {
          toast({ variant: "destructive", title: "Copy failed", description: "Select the text and copy it by hand." });
        }
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
}
