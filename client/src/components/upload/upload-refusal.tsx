import type { UploadProblemMessage } from "@/lib/upload";

/** Why a chosen file was refused before sending, under its field: what is wrong, then what to do. */
export function UploadRefusal({ refusal }: { refusal: UploadProblemMessage | null }) {
  if (!refusal) return null;
  return (
    <p role="alert" className="text-xs/5 text-destructive">
      <span className="font-semibold">{refusal.title}</span>
      {refusal.description && <span className="block">{refusal.description}</span>}
    </p>
  );
}
