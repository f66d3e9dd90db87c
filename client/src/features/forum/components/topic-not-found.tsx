import { ArrowLeft, SearchX } from "lucide-react";
import { MissingPage } from "@/components/missing-page";
import { TOPIC_NOT_FOUND } from "../messages";

/** In place of a topic that does not exist (or no longer does). */
export function TopicNotFound() {
  return (
    <MissingPage
      icon={SearchX}
      title={TOPIC_NOT_FOUND}
      message="It may have been deleted, or the link is wrong."
      action={{ href: "/forum", label: "Back to Forum", icon: ArrowLeft }}
    />
  );
}
