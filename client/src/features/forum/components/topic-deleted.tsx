import { ArrowLeft, Trash2 } from "lucide-react";
import { MissingPage } from "@/components/missing-page";
import { TOPIC_DELETED } from "../messages";

/** In place of a topic deleted while it was open. */
export function TopicDeleted() {
  return (
    <MissingPage
      icon={Trash2}
      title={TOPIC_DELETED}
      message="It was deleted while you were reading it, with its posts."
      action={{ href: "/forum", label: "Back to Forum", icon: ArrowLeft }}
    />
  );
}
