import { useToast } from "@/hooks/use-toast";
import { Toast } from "./toast";

/** The toast stack, bottom right (full width on phones), newest at the bottom. Mounted once. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <section aria-label="Toast notifications" className="pointer-events-none fixed inset-x-4 bottom-4 z-[100] sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96">
      <ol aria-live="polite" className="relative">
        {toasts.map((toast, index) => (
          <Toast key={toast.id} toast={toast} index={index} onClose={() => dismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
}
