import { Users, UserRoundX } from "lucide-react";
import { MissingPage } from "@/components/missing-page";

export const USER_NOT_FOUND = "User Not Found";

/** In place of a profile that does not exist (or no longer does). */
export function UserNotFound() {
  return (
    <MissingPage
      icon={UserRoundX}
      title={USER_NOT_FOUND}
      message="The user profile you're looking for doesn't exist."
      action={{ href: "/userlist", label: "Browse members", icon: Users }}
    />
  );
}
