import { UserX } from "lucide-react";
import { MissingPage } from "@/components/missing-page";

/** A missing, private or unavailable card (docs/product.md "Bio cards"). */
export function UserNotFound() {
  return (
    <MissingPage
      icon={UserX}
      title="User Not Found"
      message="The user you're looking for doesn't exist or has been removed."
      action={{ href: "/", label: "Go to the home page" }}
    />
  );
}
