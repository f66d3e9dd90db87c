import { Copy, Download, LoaderCircle, Share2 } from "lucide-react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { siteName } from "@/lib/site";
import { cardUrl } from "../card-url";
import { copyCardLink } from "./copy-card-link";
import { canShareUrl, shareUrl } from "./device-share";
import { useQrCode } from "./use-qr-code";

/**
 * 'Share your card': the card's URL with Copy link, its QR code (downloadable as PNG) and, where the
 * browser has one, the device's share sheet. The QR code is made only once the dialog opens.
 * share-card-dialog.tsx opens it.
 */
export function ShareCardDialogContent({ username, open, setOpen }: { username: string; open: boolean; setOpen: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-md">
        <ShareCardPanel username={username} />
      </DialogContent>
    </Dialog>
  );
}

function ShareCardPanel({ username }: { username: string }) {
  const url = cardUrl(username);
  const qr = useQrCode(url);

  return (
    <>
      <DialogTitle>Share your card</DialogTitle>
      <DialogDescription>Anyone with the link can open your card, signed in or not.</DialogDescription>

      <div className="mt-5 flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={url} aria-label="Card link" onFocus={(event) => event.currentTarget.select()} />
        {/* The first thing most people want; focusing the field would select the whole URL. */}
        <Button autoFocus onClick={() => void copyCardLink(url)}>
          <Copy aria-hidden />
          Copy link
        </Button>
      </div>

      <figure className="mt-5 flex flex-col items-center gap-3 rounded-card border border-border bg-background/60 p-5">
        <div className="grid size-48 place-items-center overflow-hidden rounded-lg bg-white sm:size-56">
          {qr.status === "ready" ? (
            <img src={qr.dataUrl} alt={`QR code of ${url}`} width={224} height={224} className="size-full" />
          ) : qr.status === "loading" ? (
            <LoaderCircle className="size-6 animate-spin text-background" aria-label="Making the QR code" />
          ) : (
            <p className="px-4 text-center text-sm text-background">The QR code could not be made.</p>
          )}
        </div>
        <figcaption className="text-xs text-muted">Scan it with a phone camera to open the card.</figcaption>
      </figure>

      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {canShareUrl(url) && (
          <Button variant="outline" onClick={() => void shareUrl(url, `${username} on ${siteName}`)}>
            <Share2 aria-hidden />
            Share via…
          </Button>
        )}
        {qr.status === "ready" ? (
          <a href={qr.dataUrl} download={`${username}-card-qr.png`} className={buttonClasses({ variant: "secondary" })}>
            <Download aria-hidden />
            Download PNG
          </a>
        ) : (
          <Button variant="secondary" disabled>
            <Download aria-hidden />
            Download PNG
          </Button>
        )}
      </div>
    </>
  );
}
