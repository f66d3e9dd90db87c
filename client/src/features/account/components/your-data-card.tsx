import { Download } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ensureFreshConfirmation } from "@/lib/fresh-confirmation";
import { EXPORT_URL } from "../api/delete-account";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * The browser makes the download itself, so no refused call can be sent again: without an open
 * window the password is asked for first, and the download starts once it is confirmed.
 */
function downloadAfterConfirmation(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  void ensureFreshConfirmation().then((confirmed) => {
    if (confirmed) window.location.assign(EXPORT_URL);
  });
}

/** Your data: download everything as a zip, or delete the account. */
export function YourDataCard() {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Take a copy of everything you have here, or leave.</CardDescription>
      </CardHeader>
      <div className="flex flex-col gap-3 px-6 pb-6 sm:flex-row sm:justify-between">
        <a href={EXPORT_URL} download onClick={downloadAfterConfirmation} className={buttonClasses({ variant: "outline", className: "gap-2" })}>
          <Download aria-hidden />
          Download your data
        </a>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          Delete account
        </Button>
      </div>
      {deleting && <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />}
    </Card>
  );
}
