import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CurrentUser } from "@shared/types";
import { ensureFreshConfirmation } from "@/lib/fresh-confirmation";
import { currentUserQueryKey } from "@/lib/query-keys";
import { EXPORT_URL } from "../api/delete-account";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** Your data: download everything as a zip, or delete the account. */
export function YourDataCard() {
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  // The browser makes the download itself, so no refused call can be sent again: without an open
  // window the password is asked for first, and the download starts once it is confirmed.
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const user = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
    void ensureFreshConfirmation(user?.confirmedUntil).then((confirmed) => {
      if (confirmed) window.location.assign(EXPORT_URL);
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Take a copy of everything you have here, or leave.</CardDescription>
      </CardHeader>
      <div className="flex flex-col gap-3 px-6 pb-6 sm:flex-row sm:justify-between">
        <a href={EXPORT_URL} download onClick={download} className={buttonClasses({ variant: "outline", className: "gap-2" })}>
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
