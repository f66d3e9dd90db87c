import { ArrowDown } from "lucide-react";
import { Button } from "@/components/ui/button";

/** "1 new reply": replies that arrived below while the reader was further up; a click goes to the first. */
export function NewRepliesBar({ postIds, onShow }: { postIds: number[]; onShow: () => void }) {
  if (postIds.length === 0) return null;
  const show = () => {
    document.getElementById(`post-${postIds[0]}`)?.scrollIntoView({ block: "start" });
    onShow();
  };
  return (
    <div className="pointer-events-none sticky bottom-4 z-10 mt-3 flex justify-center">
      <Button size="sm" className="pointer-events-auto shadow-lg" onClick={show}>
        <ArrowDown aria-hidden />
        {postIds.length === 1 ? "1 new reply" : `${postIds.length} new replies`}
      </Button>
    </div>
  );
}
