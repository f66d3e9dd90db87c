import { Copy, QrCode } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cardUrl } from "../card-url";
import { copyCardLink } from "./copy-card-link";
import { ShareCardDialog } from "./share-card-dialog";

/** Copy link at once; QR code opens the share dialog (the code as PNG, the device's share sheet). */
export function CardShareActions({ username }: { username: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => void copyCardLink(cardUrl(username))}>
        <Copy aria-hidden />
        Copy link
      </Button>
      <ShareCardDialog username={username}>
        <Button size="sm" variant="outline">
          <QrCode aria-hidden />
          QR code
        </Button>
      </ShareCardDialog>
    </div>
  );
}
