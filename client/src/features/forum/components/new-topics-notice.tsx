import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";

/** "2 new topics — show": the list does not move under the reader; this loads it again. */
export function NewTopicsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <Button variant="outline" size="sm" className="w-full" onClick={onShow}>
      <RefreshCw aria-hidden />
      {count === 1 ? "1 new topic — show" : `${count} new topics — show`}
    </Button>
  );
}
